import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGE, HttpError, errorBody } from './errors.ts';

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

/** Every failure answers in the error format; unexpected ones are logged and answered generically. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= issue.message ?? 'This value is not valid.';
      }
      const first = err.validation[0]?.message ?? 'The request is not valid.';
      return reply.status(400).send(errorBody('validation_error', first, fields));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', err.message));
    }
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[err.code] ?? 'The request is not valid.';
      return reply.status(status).send(errorBody('bad_request', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', GENERIC_MESSAGE));
  });
}
