import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorEnvelope, validationErrorEnvelope, type ErrorCode } from '@kept/contract';
import { DomainError, GENERIC_MESSAGE } from './errors.ts';
import { isDatabaseOverload, overloadLogger, unavailableError } from './overload.ts';

/** The one place an error code becomes an HTTP status. */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  invalid_reset_link: 400,
  invalid_verification_link: 400,
  invalid_signature: 400,
  unauthorized: 401,
  auth_error: 401,
  card_declined: 402,
  forbidden: 403,
  cross_origin: 403,
  not_found: 404,
  conflict: 409,
  project_ended: 409,
  project_not_ended: 409,
  pause_not_allowed: 409,
  cancel_not_allowed: 409,
  check_in_locked: 409,
  idempotency_conflict: 409,
  payment_expired: 409,
  body_too_large: 413,
  file_too_large: 413,
  unsupported_media_type: 415,
  invalid_file_type: 415,
  rate_limited: 429,
  internal_error: 500,
  payment_error: 502,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** Fastify's own client errors (body parsing, limits): their code and the words we answer. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'This content type is not supported.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The request body length is wrong.' },
};

/** The code of another library's 4xx: by its status where we have one for it, else 'bad_request'. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}

/** Answers `code` in the error format with its status. */
export function sendError(
  reply: { status: (code: number) => { send: (body: unknown) => unknown } },
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) {
  return reply.status(ERROR_STATUS[code]).send(errorEnvelope(code, message, fields));
}

/** Every failure answers in the error format; unexpected ones are logged and answered generically. */
export function registerErrorHandling(app: FastifyInstance): void {
  const logOverload = overloadLogger();
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // A statement cut by the statement timeout, or no free connection in time: a 503 like any overload.
    const overloaded = isDatabaseOverload(thrown);
    if (overloaded) logOverload(request.log, thrown);
    const err = overloaded ? unavailableError() : thrown;
    if (err instanceof DomainError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return sendError(reply, err.code, err.message, err.fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'This value is not valid.',
      }));
      return reply.status(ERROR_STATUS.validation_error).send(validationErrorEnvelope(issues));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CLIENT_ERRORS[err.code];
      if (known) return sendError(reply, known.code, known.message);
      const code = clientErrorCode(status);
      return sendError(reply, code, code === 'rate_limited' ? err.message : 'The request is not valid.');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 'internal_error', GENERIC_MESSAGE);
  });
}
