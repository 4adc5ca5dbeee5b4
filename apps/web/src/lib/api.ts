// The one way the web app talks to the server: same-origin JSON over fetch, cookies included.
// Failures become typed errors so screens can show the spec's texts. Screens branch on the error's
// `code` (the contract's ErrorCode), never on its HTTP status.
import { isRequestErrorCode, type ErrorCode } from '@kept/contract';

/**
 * The code of a failed answer: one of the contract's error codes, or 'http_error' when the answer was
 * not in the error format (a proxy's page, an empty body). Another string only from a server newer
 * than this app.
 */
export type ApiErrorCode = ErrorCode | 'http_error' | (string & {});

/** The server answered with an error status. `message` is the server's own text when it sent one. */
export class ApiError extends Error {
  /** For logs and tests; branch on `code`. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** True when `message` came from the server (and may be shown as is). */
  readonly fromServer: boolean;

  constructor(status: number, code: ApiErrorCode, message: string, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

/** Is `error` the server refusing this request (its own words, not worth retrying as is)? */
export function isRequestError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.fromServer && isRequestErrorCode(error.code);
}

/** The request never got an answer (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error. Please try again.', { cause });
    this.name = 'NetworkError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads the error out of a failed response's body. Understands the server's envelope
 * `{ error: { code, message } }` and the simpler `{ error: "text" }`.
 */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const error = body.error;
    if (isRecord(error) && typeof error.message === 'string' && error.message !== '') {
      const code = typeof error.code === 'string' ? error.code : 'error';
      return new ApiError(status, code, error.message, true);
    }
    if (typeof error === 'string' && error !== '') {
      return new ApiError(status, 'error', error, true);
    }
  }
  return new ApiError(status, 'http_error', `Request failed with status ${status}`, false);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and returns the parsed JSON body. Throws `ApiError` for error statuses and
 * `NetworkError` when the server could not be reached. Aborts are passed through untouched.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const data = await readJson(response);
  if (!response.ok) throw errorFromBody(response.status, data);
  return data as T;
}
