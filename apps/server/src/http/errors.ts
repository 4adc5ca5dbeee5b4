// One error vocabulary: services throw a DomainError with a code from the contract's ErrorCode enum;
// the error handler (error-handler.ts) turns the code into its HTTP status and the error format
// { "error": { "code", "message", "fields"? } }.
import type { ErrorCode } from '@kept/contract';

/** A failure whose message is safe to show the user (the spec's words); thrown by services and routes. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Extra response headers, e.g. Retry-After on a 'rate_limited'. */
  readonly headers: Record<string, string> = {};
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

export const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again later.';
