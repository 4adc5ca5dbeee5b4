import { useState } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { MESSAGES, TAGS } from '@kept/domain';
import { EditProjectRequestSchema, type CheckInDto, type ProjectDetail } from '@kept/contract';
import { DialogFooter } from '../../components/ui/dialog-footer';
import { Modal } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form-error';
import { Field, lineInputClass } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { requestResolver } from '../../lib/forms';
import { ProjectDescriptionField, ProjectTitleField } from '../project-form';
import { useChangeCover, useUpdateProject } from './api';
import { CoverPicker, coverChange, coverFailure, incompleteCover, type CoverChoice } from './cover-picker';
import { VisibilitySetting } from './visibility-setting';

export const EDIT_TEXT = { title: 'Edit Project', save: 'Save Changes', saving: 'Saving...' } as const;

interface EditValues {
  title: string;
  description: string;
  tag: string;
  cover: CoverChoice;
}

const TEXT_FIELDS = ['title', 'description', 'tag'] as const;

/** EditProjectRequestSchema on the text; a cover choice that is not complete yet (no file, no photo). */
const editResolver = requestResolver<EditValues, Pick<EditValues, (typeof TEXT_FIELDS)[number]>>(
  EditProjectRequestSchema,
  ({ title, description, tag }) => ({ title, description, tag }),
  undefined,
  ({ cover }) => {
    const incomplete = incompleteCover(cover);
    return incomplete ? { cover: incomplete } : {};
  },
);

/**
 * Edit Project: name, description, tag and the cover (uploaded, a check-in photo, or the tag's picture,
 * with a preview). Length, frequency and deposit are permanent. Cancel keeps the project as it was; a
 * failed save keeps what was typed.
 */
export default function EditProjectDialog({
  project,
  photos = [],
  onClose,
  onSaved,
}: {
  project: ProjectDetail;
  /** The project's check-ins: those with a photo are offered as covers. */
  photos?: readonly CheckInDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<EditValues>({
    defaultValues: {
      title: project.title,
      description: project.description,
      tag: project.tag,
      cover: { kind: 'keep' },
    },
    resolver: editResolver,
  });
  const update = useUpdateProject(project.id);
  const changeCover = useChangeCover(project.id);
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const saving = form.formState.isSubmitting;

  async function save(values: EditValues) {
    try {
      await update.mutateAsync({ title: values.title, description: values.description, tag: values.tag });
    } catch (caught) {
      showEditFailure(caught);
      return;
    }
    const change = coverChange(values.cover, setCoverProgress);
    if (change) {
      if ('file' in change) setCoverProgress(0);
      try {
        await changeCover.mutateAsync(change);
      } catch (caught) {
        // The name, description and tag are saved; the dialog stays open with the cover choice kept.
        form.setError('cover', { message: coverFailure(caught) });
        onSaved();
        return;
      } finally {
        setCoverProgress(null);
      }
    }
    onSaved();
    onClose();
  }

  /** The server's messages on the fields it names; otherwise its words for a rule, or the spec's. */
  function showEditFailure(caught: unknown) {
    const refused = caught instanceof ApiError && caught.code === 'validation_error' && caught.fromServer;
    const fields = refused ? caught.fields : {};
    const onFields = TEXT_FIELDS.filter((field) => fields[field] !== undefined);
    for (const field of onFields) form.setError(field, { message: fields[field] });
    if (onFields.length === 0) {
      form.setError('root.server', {
        message: refused && caught instanceof ApiError ? caught.message : MESSAGES.editFailed,
      });
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={EDIT_TEXT.title} dismissible={!saving}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="space-y-5">
          <ProjectTitleField disabled={saving} />
          <ProjectDescriptionField disabled={saving} />
          <TagSelectField disabled={saving} />
          <CoverField
            currentImage={project.imageUrl}
            photos={photos}
            disabled={saving}
            progress={coverProgress}
          />
          <VisibilitySetting projectId={project.id} current={project.visibility} />
          <FormError message={form.formState.errors.root?.server?.message} />
          <DialogFooter onCancel={onClose} busy={saving}>
            {saving ? EDIT_TEXT.saving : EDIT_TEXT.save}
          </DialogFooter>
        </form>
      </FormProvider>
    </Modal>
  );
}

/** 'Category' as a list (a project made before the list changed may have none of them yet). */
function TagSelectField({ disabled }: { disabled: boolean }) {
  const { register, control } = useFormContext<EditValues>();
  const { errors } = useFormState({ control, name: 'tag' });
  const tag = useWatch({ control, name: 'tag' });
  const known = TAGS.some((option) => option.name === tag);
  return (
    <Field label="Category" required error={errors.tag?.message}>
      {(field) => (
        <select {...field} {...register('tag')} required disabled={disabled} className={lineInputClass}>
          {known ? null : <option value="">Choose a category</option>}
          {TAGS.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The cover picker as a field of the form: its choice, and what went wrong with it. */
function CoverField({
  currentImage,
  photos,
  disabled,
  progress,
}: {
  currentImage: string;
  photos: readonly CheckInDto[];
  disabled: boolean;
  progress: number | null;
}) {
  const { control } = useFormContext<EditValues>();
  const { field, fieldState } = useController({ control, name: 'cover' });
  const tag = useWatch({ control, name: 'tag' });
  return (
    <CoverPicker
      currentImage={currentImage}
      tag={tag}
      photos={photos}
      choice={field.value}
      onChange={field.onChange}
      disabled={disabled}
      progress={progress}
      error={fieldState.error?.message ?? null}
    />
  );
}
