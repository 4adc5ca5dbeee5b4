// Forms on react-hook-form, checked with the contract's request schemas (zod/mini): the browser refuses
// what the server would refuse, in the same words, before anything is sent. This module brings zod with
// it; what a form needs without its schema (checkForm, a resolver loaded on first use) is in check-form.ts.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';
import { config, type core } from 'zod/mini';

// The app's Content-Security-Policy allows no eval: zod checks without compiling a fast path, and
// without probing `new Function`, which the browser would report as a violation.
config({ jitless: true });

/**
 * A resolver that checks a form through the request it sends: `toRequest` turns the form's values into
 * the request's body, the contract's schema checks that body, and each message lands on the form field
 * `fieldOf` names for the request's field (the field of the same name otherwise). `override` adds
 * messages the schema cannot know (what is wrong with text typed into a number's place). On success
 * the form's own values are handed on, as typed.
 */
export function requestResolver<Values extends FieldValues, Request>(
  schema: core.$ZodType,
  toRequest: (values: Values) => Request,
  fieldOf: (requestField: string, values: Values) => FieldPath<Values> | string = (field) => field,
  override?: (values: Values) => Partial<Record<FieldPath<Values>, string>>,
): Resolver<Values> {
  const check = zodResolver(schema as unknown as Parameters<typeof zodResolver>[0]) as unknown as (
    values: unknown,
    context: unknown,
    options: unknown,
  ) => Promise<{ errors: Record<string, FieldError> }>;
  return async (values, context, options) => {
    const result = await check(toRequest(values), context, options);
    const errors: Record<string, FieldError> = {};
    for (const [field, error] of Object.entries(result.errors)) {
      const target = fieldOf(field, values);
      errors[target] ??= error;
    }
    for (const [field, message] of Object.entries(override?.(values) ?? {})) {
      if (typeof message === 'string') errors[field] = { type: 'custom', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<Values> }
      : { values, errors: {} };
  };
}
