import { validationErrorEnvelope } from '@kept/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { safeParse, type core } from 'zod/mini';
import { DomainError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is `value` a UUID (a project's or a payment's id)? Anything else is a 404 without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Parse with a contract schema (classic or mini) where a route cannot declare it (e.g. multipart fields); 400 on failure. */
export function parseOrThrow<S extends core.$ZodType>(schema: S, data: unknown): core.output<S> {
  const result = safeParse(schema, data);
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
