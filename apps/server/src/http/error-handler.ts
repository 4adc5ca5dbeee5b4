import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGE, HttpError } from './errors.ts';
import { isDatabaseOverload, unavailableError } from './overload.ts';
import { errorEnvelope, validationErrorEnvelope } from '@kept/contract';

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

/** Every failure answers in the error format; unexpected ones are logged and answered generically. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // A statement cut by the statement timeout, or no free connection in time: a 503 like any overload.
    const overloaded = isDatabaseOverload(thrown);
    if (overloaded) request.log.warn({ err: thrown }, 'database overloaded');
    const err = overloaded ? unavailableError() : thrown;
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return reply.status(err.statusCode).send(errorEnvelope(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'This value is not valid.',
      }));
      return reply.status(400).send(validationErrorEnvelope(issues));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorEnvelope('rate_limited', err.message));
    }
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[err.code] ?? 'The request is not valid.';
      return reply.status(status).send(errorEnvelope('bad_request', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorEnvelope('internal_error', GENERIC_MESSAGE));
  });
}
