import { validationErrorEnvelope } from '@kept/contract';
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
