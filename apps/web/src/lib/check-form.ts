// What a react-hook-form form needs around its check without bringing the check's code (zod and the
// contract's schemas, lib/forms.ts) into the screen's first code: submitting the form to its check from
// another form's button, and a resolver whose code is loaded on first use.
import type { FieldPath, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { MESSAGES } from '@kept/domain';

/**
 * A resolver whose code is loaded on first use, and asked for at once (when the module that makes it
 * runs): the form shows without waiting for its schema library, which only the first check needs (Pay),
 * and is there by then. A load that failed is asked for again at the next check (checkForm answers the
 * network error meanwhile).
 */
export function loadedResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | null = null;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  loaded().catch(() => undefined);
  return async (values, context, options) => (await loaded())(values, context, options);
}

/**
 * Submits the form to its check, for a form whose button belongs to someone else (the payment form's
 * Pay): every field shows its message, and from then on each is checked again as it changes (as after
 * any submit). Answers the first message in the order the form shows its fields, or null when the form
 * is valid, or the network error when the check could not run (its code did not load). The messages
 * are read from the form's live state: the rendered `formState` has not caught up yet when the check
 * resolves.
 */
export async function checkForm<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  order: readonly FieldPath<Values>[],
  fallback: string,
): Promise<string | null> {
  let valid = false;
  try {
    await form.handleSubmit(() => {
      valid = true;
    })();
  } catch {
    return MESSAGES.networkError;
  }
  if (valid) return null;
  for (const field of order) {
    const message = form.getFieldState(field).error?.message;
    if (message) return message;
  }
  return fallback;
}
