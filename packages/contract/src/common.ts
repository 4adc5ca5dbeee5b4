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
 * message per field. Takes a ZodError (classic or zod/mini) or its issues (e.g. from
 * fastify-type-provider-zod).
 */
export function validationErrorEnvelope(
  error: { readonly issues: readonly IssueLike[] } | readonly IssueLike[],
): ErrorEnvelope {
  const issues: readonly IssueLike[] = Array.isArray(error)
    ? error
    : (error as { issues: IssueLike[] }).issues;
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

/**
 * Text whose absence answers `missing` and whose wrong type answers `notText` (zod's `error` sees the
 * raw input: undefined when the key is absent).
 */
export const textField = (missing: string, notText: string = missing) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : notText) });

/**
 * A number in a query string (text by nature): '' is no value (null); anything else must read as a
 * finite number ('12', '1.5', '-3'), else `message`. Encodes back to its text.
 */
export const queryNumber = (message: string = NUMBER_MESSAGE) =>
  z.codec(
    z.string({ error: message }).trim().meta({ description: "A number ('1500', '2.5'); '' for none." }),
    z.number({ error: message }).nullable(),
    {
      decode: (text) => (text === '' ? null : Number(text)),
      encode: (value) => (value === null ? '' : String(value)),
    },
  );

/** A yes/no in a query string or a form field: 'true'/'false' (also '1'/'0', 'on'/'off', 'yes'/'no'). */
export const textBoolean = (message: string) =>
  z.stringbool({ error: message }).meta({ description: "'true' or 'false'." });
