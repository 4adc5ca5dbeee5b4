// Shared pieces of the API contract: the error envelope, primitives, and helpers that turn domain
// validation into zod issues with the domain's messages.
import { isLocalDate } from '@kept/domain';
import { z } from 'zod';

export const ERROR_CODES = {
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  payment: 'payment_error',
  internal: 'internal_error',
  unavailable: 'unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Every API error: `{ error: { code, message, fields? } }`. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function errorEnvelope(code: string, message: string, fields?: Record<string, string>): ErrorEnvelope {
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
  return errorEnvelope(ERROR_CODES.validation, message, Object.keys(fields).length > 0 ? fields : undefined);
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
