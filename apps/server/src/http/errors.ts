// One error format for every API reply: { "error": { "code", "message", "fields"? } }.
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** An error whose message is safe to show the user; thrown by services, answered by the error handler. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

export const errorBody = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

export const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again later.';
