import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '@kept/domain';
import { Field, inputClass, TextField } from '../../components/ui/field';

/** The fields every project form has (creating one, editing one). */
export interface ProjectTextValues {
  title: string;
  description: string;
}

/** 'Project name': required, at most 120 characters. */
export function ProjectTitleField({ disabled, placeholder }: { disabled: boolean; placeholder?: string }) {
  const { register, control } = useFormContext<ProjectTextValues>();
  const { errors } = useFormState({ control, name: 'title' });
  return (
    <TextField
      label="Project name"
      error={errors.title?.message}
      {...register('title')}
      required
      maxLength={TITLE_MAX_LENGTH}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}

/** 'Description': required, at most 5000 characters. */
export function ProjectDescriptionField({ disabled, hint }: { disabled: boolean; hint?: ReactNode }) {
  const { register, control } = useFormContext<ProjectTextValues>();
  const { errors } = useFormState({ control, name: 'description' });
  return (
    <Field label="Description" required hint={hint} error={errors.description?.message}>
      {(field) => (
        <textarea
          {...field}
          {...register('description')}
          required
          rows={4}
          maxLength={DESCRIPTION_MAX_LENGTH}
          disabled={disabled}
          className={inputClass}
        />
      )}
    </Field>
  );
}
