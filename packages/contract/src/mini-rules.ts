// Pieces of the zod/mini request schemas shared by forms.ts, account-forms.ts and signup-form.ts (the
// email rule here rather than in account-forms.ts, so the signup screen does not carry the other
// account requests). Nothing here may import 'zod' itself, or the forms' chunks would carry it.
import { EMAIL_MESSAGES, normalizeEmail, validateEmail } from '@kept/domain';
import * as z from 'zod/mini';

/** Adds `message` as an issue when `rule` (a domain function answering a message or null) refuses. */
export const domainRule = <T>(rule: (value: T) => string | null) =>
  z.superRefine<T>((value, ctx) => {
    const error = rule(value);
    if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
  });

/** Text whose absence answers `missing` and whose wrong type answers `notText`. */
export const textField = (missing: string, notText: string = missing) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : notText) });

export const notBlank = (value: string) => value.trim() !== '';

/**
 * An email address: missing or blank answers `missing` ('Please enter your email address'), anything
 * that is not one 'Please enter a valid email address'. Output trimmed and lower-cased.
 */
export const emailSchema = (
  missing: string = EMAIL_MESSAGES.required,
  notText: string = EMAIL_MESSAGES.invalid,
) =>
  z.pipe(
    textField(missing, notText).check(
      z.trim(),
      z.minLength(1, { error: missing }),
      z.refine((value) => value === '' || validateEmail(value) === null, { error: EMAIL_MESSAGES.invalid }),
    ),
    z.transform(normalizeEmail),
  );
