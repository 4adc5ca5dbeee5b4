// Pieces of the zod/mini request schemas shared by forms.ts and account-forms.ts. Nothing here may import
// 'zod' itself, or the forms' chunks would carry it.
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
