// What the account use cases share: their dependencies, the spec's messages, the rate limits of
// signing in and of reset links, and better-auth's refusals in our error vocabulary.
import { APIError } from 'better-auth/api';
import type { ErrorCode } from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Limit, RateLimiter } from '../rate-limit/limiter.ts';
import type { Auth } from './auth.ts';

export type AccountDeps = {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  log: { error: (o: object, m: string) => void };
};

/** The request as the account flows see it: its headers (cookies) and the client's address. */
export type Ctx = { headers: Headers; ip: string };

export const ACCOUNT_MESSAGES = {
  usernameTaken: 'Username is already taken. Please choose a different username.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  resetSent:
    'Password reset email sent! Please check your inbox and follow the instructions to reset your password.',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
} as const;

export const usernameTakenError = () =>
  new DomainError('conflict', ACCOUNT_MESSAGES.usernameTaken, {
    username: ACCOUNT_MESSAGES.usernameTaken,
  });

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Checking and using reset links share one count per client address, so tokens cannot be probed. */
export const RESET_TOKEN_LIMIT = (ip: string): Limit => ({
  key: `reset-token:ip:${ip}`,
  max: 30,
  windowMs: HOUR,
});

/**
 * Sign-in limits count failures only: each attempt is counted before it runs (so a burst cannot slip
 * past), and a success takes its count back. Per account there are two counts: browsers unknown to the
 * account share one, and each of the account's known devices has its own (known-device.ts).
 */
export const SIGN_IN_LIMITS = {
  ip: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }),
  email: (email: string): Limit => ({ key: `signin:email:${email}`, max: 10, windowMs: 15 * MINUTE }),
  device: (deviceId: string): Limit => ({ key: `signin:device:${deviceId}`, max: 10, windowMs: 15 * MINUTE }),
};

/** better-auth's refusals in our vocabulary, by their status; a refused sign-in is 'auth_error'. */
const AUTH_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'auth_error',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_error',
  429: 'rate_limited',
};

/** better-auth's own messages are the "service message" the spec shows; anything else is generic. */
export function toDomainError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  if (err instanceof APIError && err.statusCode < 500) {
    const message = typeof err.body?.message === 'string' ? err.body.message : ACCOUNT_MESSAGES.unexpected;
    return new DomainError(AUTH_ERROR_CODES[err.statusCode] ?? 'bad_request', message);
  }
  return err instanceof Error ? err : new Error(String(err));
}
