// Account flows on top of better-auth: the spec's messages, rate limits, no enumeration.
import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { ErrorCode, SessionUser, SignupData } from '@kept/contract';
import type { Mailer } from '../../adapters/email/mailer.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Limit, RateLimiter } from '../rate-limit/limiter.ts';
import { RESET_LINK_PREFIX, type Auth } from './auth.ts';
import { knownDeviceCookie, knownDeviceId, type KnownDeviceSettings } from './known-device.ts';

export const ACCOUNT_MESSAGES = {
  usernameTaken: 'Username is already taken. Please choose a different username.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  resetSent:
    'Password reset email sent! Please check your inbox and follow the instructions to reset your password.',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  signedOut: 'You are not signed in.',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Ctx = { headers: Headers; ip: string };

/** Checking and using reset links share one count per client address, so tokens cannot be probed. */
const RESET_TOKEN_LIMIT = (ip: string): Limit => ({ key: `reset-token:ip:${ip}`, max: 30, windowMs: HOUR });

/**
 * Sign-in limits count failures only: each attempt is counted before it runs (so a burst cannot slip
 * past), and a success takes its count back. Per account there are two counts: browsers unknown to the
 * account share one, and each of the account's known devices has its own (known-device.ts).
 */
const SIGN_IN_LIMITS = {
  ip: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }),
  email: (email: string): Limit => ({ key: `signin:email:${email}`, max: 10, windowMs: 15 * MINUTE }),
  device: (deviceId: string): Limit => ({ key: `signin:device:${deviceId}`, max: 10, windowMs: 15 * MINUTE }),
};
type AuthResult<T> = { response: T; headers: Headers };

export function createAccountService(deps: {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  log: { error: (o: object, m: string) => void };
}) {
  const { auth, db, limiter } = deps;

  const deviceSettings = async (): Promise<KnownDeviceSettings> => {
    const c = await auth.$context;
    return { secret: c.secret, secure: c.authCookies.sessionToken.name.startsWith('__Secure-') };
  };

  /** The request's known-device id for the account of `email`, if it carries one. */
  const knownDeviceFor = async (email: string, ctx: Ctx): Promise<string | null> => {
    const cookie = ctx.headers.get('cookie');
    if (!cookie) return null;
    const rows = await db.execute<{ id: string }>(sql`select id from users where email = ${email} limit 1`);
    const userId = rows.rows[0]?.id;
    return userId ? knownDeviceId(cookie, userId, await deviceSettings()) : null;
  };

  const usernameTaken = async (username: string, exceptUserId?: string) => {
    const rows = await db.execute(
      sql`select 1 from users where lower(username) = lower(${username}) and id is distinct from ${exceptUserId ?? null} limit 1`,
    );
    return rows.rows.length > 0;
  };

  return {
    async signUp(data: SignupData, ctx: Ctx): Promise<void> {
      await limiter.consume(
        { key: `signup:ip:${ctx.ip}`, max: 20, windowMs: HOUR },
        { key: `signup:email:${data.email}`, max: 5, windowMs: HOUR },
      );
      if (await usernameTaken(data.username))
        throw new DomainError('conflict', ACCOUNT_MESSAGES.usernameTaken, {
          username: ACCOUNT_MESSAGES.usernameTaken,
        });
      try {
        await auth.api.signUpEmail({
          body: {
            name: data.username,
            email: data.email,
            password: data.password,
            username: data.username,
            timezone: data.timezone,
          },
          headers: ctx.headers,
        });
      } catch (err) {
        // Two sign-ups racing for one username: the database's unique index decides.
        if (await usernameTaken(data.username))
          throw new DomainError('conflict', ACCOUNT_MESSAGES.usernameTaken, {
            username: ACCOUNT_MESSAGES.usernameTaken,
          });
        throw toDomainError(err);
      }
    },

    async signIn(email: string, password: string, ctx: Ctx): Promise<AuthResult<unknown>> {
      const deviceId = await knownDeviceFor(email, ctx);
      const ipLimit = SIGN_IN_LIMITS.ip(ctx.ip);
      const emailLimit = SIGN_IN_LIMITS.email(email);
      const accountLimit = deviceId ? SIGN_IN_LIMITS.device(deviceId) : emailLimit;
      await limiter.consume(ipLimit, accountLimit);
      const result = await auth.api
        .signInEmail({
          body: { email, password, rememberMe: true },
          headers: ctx.headers,
          returnHeaders: true,
        })
        .catch((err: unknown) => {
          throw toDomainError(err);
        });
      // A success is not a failure: the address's failures are forgotten, the attempt given back.
      await limiter.release(ipLimit);
      await limiter.clear(emailLimit, ...(accountLimit === emailLimit ? [] : [accountLimit]));
      if (!deviceId)
        result.headers.append(
          'set-cookie',
          knownDeviceCookie(result.response.user.id, await deviceSettings()),
        );
      return result;
    },

    async signOut(ctx: Ctx): Promise<Headers> {
      try {
        const result = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
        return result.headers;
      } catch (err) {
        throw toDomainError(err);
      }
    },

    /**
     * Same answer, status and timing whether or not the address has an account: after the rate limit,
     * the work happens in the background and the caller is answered at once.
     */
    async requestPasswordReset(email: string, ctx: Ctx): Promise<void> {
      await limiter.consume(
        { key: `reset:ip:${ctx.ip}`, max: 20, windowMs: HOUR },
        { key: `reset:email:${email}`, max: 5, windowMs: HOUR },
      );
      void auth.api
        .requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers: ctx.headers })
        .catch((err: unknown) => deps.log.error({ err }, 'password reset request failed'));
    },

    /** Whether a reset link still works (unused, unexpired), without using it up; 'not_found' when not. */
    async checkResetLink(token: string, ctx: Ctx): Promise<void> {
      await limiter.consume(RESET_TOKEN_LIMIT(ctx.ip));
      const rows = await db.execute(
        sql`select 1 from verifications where identifier = ${RESET_LINK_PREFIX + token} and expires_at > now()`,
      );
      if (rows.rows.length === 0) {
        throw new DomainError('not_found', ACCOUNT_MESSAGES.invalidResetLink);
      }
    },

    /**
     * Sets the new password with a reset link. Having the mailbox proves the owner: the address's
     * sign-in failures are forgotten, so a stranger's lockout does not outlast a reset.
     */
    async resetPassword(token: string, password: string, ctx: Ctx): Promise<void> {
      await limiter.consume(RESET_TOKEN_LIMIT(ctx.ip));
      const owner = await db.execute<{ email: string }>(
        sql`select u.email from verifications v join users u on u.id = v.value
             where v.identifier = ${RESET_LINK_PREFIX + token}`,
      );
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password }, headers: ctx.headers });
      } catch (err) {
        if (err instanceof APIError && err.statusCode < 500) {
          throw new DomainError('invalid_reset_link', ACCOUNT_MESSAGES.invalidResetLink);
        }
        throw err;
      }
      const email = owner.rows[0]?.email;
      if (email) await limiter.clear(SIGN_IN_LIMITS.email(email));
    },

    /**
     * The signed-in user of a request's Cookie header, or null. better-auth checks the cookie's
     * signature and reads the session row with its user on every call (no cookie cache: decision 021),
     * so a session ended on any instance ends here at once; it also deletes an expired session and
     * extends one due for its refresh.
     */
    async currentUser(cookie: string): Promise<SessionUser | null> {
      const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
      if (!session) return null;
      return sessionUser(
        session.user as typeof session.user & { username?: string | null; timezone?: string | null },
      );
    },

    usernameTaken,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** better-auth's refusals in our vocabulary, by their status; a refused sign-in is 'auth_error'. */
const AUTH_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'auth_error',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_error',
  429: 'rate_limited',
};

/** The SessionUser of a better-auth user. */
export function sessionUser(user: {
  id: string;
  email: string;
  username?: string | null;
  timezone?: string | null;
  createdAt: Date | string;
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    timezone: user.timezone ?? 'UTC',
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** better-auth's own messages are the "service message" the spec shows; anything else is generic. */
function toDomainError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  if (err instanceof APIError && err.statusCode < 500) {
    const message = typeof err.body?.message === 'string' ? err.body.message : ACCOUNT_MESSAGES.unexpected;
    return new DomainError(AUTH_ERROR_CODES[err.statusCode] ?? 'bad_request', message);
  }
  return err instanceof Error ? err : new Error(String(err));
}
