import { validationErrorEnvelope } from '@kept/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is `value` a UUID (a project's or a payment's id)? Anything else is a 404 without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Parse with a contract schema where a route cannot declare it (e.g. multipart fields); 400 on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const { error } = validationErrorEnvelope(result.error);
  throw new DomainError(error.code, error.message, error.fields);
}

export const MULTIPART = 'multipart/form-data';

/**
 * fastify-type-provider-zod's validator, except for a multipart body: @fastify/multipart streams its
 * parts to the handler, so there is no body to check before it runs. The route still declares the
 * form's schema (the OpenAPI document shows it) and the handler parses the form's text fields with the
 * contract's schema as it reads them.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' && route.contentType === MULTIPART
    ? (body) => ({ value: body })
    : zodValidatorCompiler(route);
