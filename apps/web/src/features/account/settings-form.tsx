import type { FormEvent, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { formFields } from '../../lib/form-fields';
import { errorMessage } from './api';
import { OutcomeBanner, type Outcome } from './settings-section';

/**
 * A Settings form that sends one write (username, timezone, change email, change password): checked with
 * the contract's request schema before anything is sent; while the write runs a second press does
 * nothing; on success the form takes the values `after` gives (empty otherwise) and says so; on failure
 * what was typed stays, the server's messages stand on the fields it names (the first focused), and any
 * other message under the button (`failed` when the server gives no reason).
 */
export function useSettingsForm<Values extends FieldValues, Answer, Request = Values>({
  defaultValues,
  resolver,
  write,
  toRequest = (values) => values as unknown as Request,
  success,
  failed,
  after,
}: {
  defaultValues: DefaultValues<Values> & Values;
  resolver: Resolver<Values>;
  write: UseMutationResult<Answer, Error, Request>;
  /** What the write sends for the form's values (the values themselves when they are the request). */
  toRequest?: (values: Values) => Request;
  success: (answer: Answer) => string;
  failed?: string;
  after?: (answer: Answer) => Values;
}) {
  const form = useForm<Values>({ defaultValues, resolver });
  const { field } = formFields(form);
  const fieldMessages = (error: Error | null) =>
    Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}).filter(
      ([name]) => name in defaultValues,
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (write.isPending) return;
    write.reset();
    void form.handleSubmit((values) =>
      write.mutate(toRequest(values), {
        onSuccess: (answer) => form.reset(after?.(answer)),
        onError: (error) =>
          fieldMessages(error).forEach(([name, message], index) =>
            form.setError(name as Path<Values>, { message }, { shouldFocus: index === 0 }),
          ),
      }),
    )(event);
  }

  const outcome: Outcome = write.isSuccess
    ? { tone: 'success', text: success(write.data) }
    : write.isError && fieldMessages(write.error).length === 0
      ? { tone: 'error', text: errorMessage(write.error, failed) }
      : null;
  return { form, field, state: { onSubmit, outcome, pending: write.isPending } };
}

/** The form of a Settings section: its fields, the button (saying what it does while it runs), the outcome. */
export function SettingsForm({
  onSubmit,
  pending,
  outcome,
  label,
  pendingLabel,
  disabled = false,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  outcome: Outcome;
  label: string;
  pendingLabel: string;
  /** Nothing to send yet (an empty username, the saved timezone). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {children}
      <Button type="submit" size="lg" loading={pending} disabled={disabled}>
        {pending ? pendingLabel : label}
      </Button>
      <OutcomeBanner outcome={outcome} />
    </form>
  );
}
