// PostgreSQL cannot store a NUL character, nor a lone UTF-16 surrogate in jsonb: a string with one
// would fail its query and answer 500. No field of ours has a use for either, so every request carrying
// one (body, query string or path) is refused up front with a 400 in the error format.
import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors.ts';

export const BAD_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode.';

/** A UTF-16 surrogate not paired with another: as a code point of its own, it is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `value` is, or holds (in objects and arrays, 20 levels deep), a string we cannot store. */
export function containsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsBadText(item, depth + 1)) return true;
  }
  return false;
}

export function refuseBadText(...values: unknown[]): void {
  if (values.some((v) => containsBadText(v))) throw new DomainError('validation_error', BAD_TEXT_MESSAGE);
}

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseBadText(request.params, request.query, request.body);
  });
}
