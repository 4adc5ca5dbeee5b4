// Shared pieces of the API contract: the error envelope, primitives, and helpers that turn domain
// validation into zod issues with the domain's messages.
import { isLocalDate } from '@kept/domain';
import { z } from 'zod';
import { ERROR_CODE_LIST, type ErrorCode } from './errors.ts';

export { ERROR_CODE_LIST, SERVER_FAULT_CODES, isRequestErrorCode, type ErrorCode } from './errors.ts';

/** The error codes as a schema (the error format's `code`). */
export const ErrorCodeSchema = z.enum(ERROR_CODE_LIST);

/** Every API error: `{ error: { code, message, fields? } }`. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string().min(1),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({
    id: 'ErrorEnvelope',
    description:
      'Every API error: a code from the enum, the message to show, and per-field messages for a validation error.',
  });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

type IssueLike = { path: readonly PropertyKey[]; message: string };

/**
 * The envelope for a failed parse: code 'validation_error', the first issue's message, and the first
 * message per field. Takes a ZodError or its issues (e.g. from fastify-type-provider-zod).
 */
export function validationErrorEnvelope(error: z.ZodError | readonly IssueLike[]): ErrorEnvelope {
  const issues: readonly IssueLike[] = error instanceof z.ZodError ? error.issues : error;
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key !== '' && !(key in fields)) fields[key] = issue.message;
  }
  const message = issues[0]?.message ?? 'Invalid request';
  return errorEnvelope('validation_error', message, Object.keys(fields).length > 0 ? fields : undefined);
}

/** `{ ok: true }` for actions with nothing else to say. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

export const LOCAL_DATE_MESSAGE = 'Please enter a valid date (YYYY-MM-DD).';
export const NUMBER_MESSAGE = 'Please enter a valid number.';

/**
 * 'YYYY-MM-DD', a real calendar date (years 0000 to 9999: the rules compute every one of them, in every
 * timezone).
 */
export const LocalDateSchema = z.iso
  .date({ error: LOCAL_DATE_MESSAGE })
  .refine(isLocalDate, { message: LOCAL_DATE_MESSAGE });

export const IdSchema = z.string().trim().min(1).max(100);

/** Text that may be missing: undefined/null become ''. Other types are refused with `message`. */
export const looseText = (message: string) =>
  z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string({ error: message }));

/** A number that may arrive as a string (forms, query strings); '' / null / undefined become null. */
export const looseNumber = (message: string = NUMBER_MESSAGE) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? null
        : typeof value === 'string'
          ? Number(value.trim())
          : value,
    z.number({ error: message }).nullable(),
  );

/** A boolean that may arrive as a string ('true'/'false'/'1'/'0'/'on'); missing → `fallback`. */
export const looseBoolean = (fallback: boolean) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value === 'string') {
      const text = value.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(text)) return true;
      if (['false', '0', 'off', 'no'].includes(text)) return false;
    }
    return value;
  }, z.boolean());
