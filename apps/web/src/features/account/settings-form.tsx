import type { FormEvent, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { formFields } from '../../lib/form-fields';
import { errorMessage } from './api';
import { OutcomeBanner, type Outcome } from './settings-section';

/**
 * A Settings form that sends one write (change email, change password): checked with the contract's
 * request schema before anything is sent; while the write runs a second press does nothing; on success
 * the form empties and says so; on failure what was typed stays, the server's messages stand on the
 * fields it names and its message under the button.
 */
export function useSettingsForm<Values extends FieldValues, Answer>({
  defaultValues,
  resolver,
  write,
  success,
}: {
  defaultValues: DefaultValues<Values> & Values;
  resolver: Resolver<Values>;
  write: UseMutationResult<Answer, Error, Values>;
  success: (answer: Answer) => string;
}) {
  const form = useForm<Values>({ defaultValues, resolver });
  const { field } = formFields(form);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (write.isPending) return;
    write.reset();
    void form.handleSubmit((values) =>
      write.mutate(values, {
        onSuccess: () => form.reset(),
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          for (const [name, message] of Object.entries(fields))
            if (name in defaultValues) form.setError(name as Path<Values>, { message });
        },
      }),
    )(event);
  }

  const outcome: Outcome = write.isSuccess
    ? { tone: 'success', text: success(write.data) }
    : write.isError
      ? { tone: 'error', text: errorMessage(write.error) }
      : null;
  return { field, onSubmit, outcome, pending: write.isPending };
}

/** The form of a Settings section: its fields, the button (saying what it does while it runs), the outcome. */
export function SettingsForm({
  onSubmit,
  pending,
  outcome,
  label,
  pendingLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  outcome: Outcome;
  label: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {children}
      <Button type="submit" size="lg" loading={pending}>
        {pending ? pendingLabel : label}
      </Button>
      <OutcomeBanner outcome={outcome} />
    </form>
  );
}
