// One error format for every API reply: { "error": { "code", "message", "fields"? } } (the contract's
// ErrorEnvelopeSchema, built by its errorEnvelope()).

/** An error whose message is safe to show the user; thrown by services, answered by the error handler. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string> = {};
  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

export const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again later.';
