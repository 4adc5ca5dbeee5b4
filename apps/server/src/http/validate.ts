import { validationErrorEnvelope } from '@kept/contract';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

/** Parse with a contract schema where a route cannot declare it (e.g. multipart fields); 400 on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const { error } = validationErrorEnvelope(result.error);
  throw new HttpError(400, error.code, error.message, error.fields);
}
