// Account flows on top of better-auth: the spec's messages, rate limits, no enumeration.
import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { SessionUser, SignupData } from '@kept/contract';
import type { Mailer } from '../../adapters/email/mailer.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { Auth } from './auth.ts';
import { createSessionReader, sessionUser, type SessionCookieSettings } from './session-reader.ts';

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
type AuthResult<T> = { response: T; headers: Headers };

export function createAccountService(deps: {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  log: { error: (o: object, m: string) => void };
}) {
  const { auth, db, limiter } = deps;
  let cookieSettings: Promise<SessionCookieSettings> | undefined;
  const readSession = createSessionReader(db, () => {
    cookieSettings ??= auth.$context.then((c) => ({
      cookieName: c.authCookies.sessionToken.name,
      secret: c.secret,
      expiresInSec: c.sessionConfig.expiresIn,
      updateAgeSec: c.sessionConfig.updateAge,
    }));
    return cookieSettings;
  });

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
        throw new HttpError(409, 'conflict', ACCOUNT_MESSAGES.usernameTaken, {
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
          throw new HttpError(409, 'conflict', ACCOUNT_MESSAGES.usernameTaken, {
            username: ACCOUNT_MESSAGES.usernameTaken,
          });
        throw toHttpError(err);
      }
    },

    async signIn(email: string, password: string, ctx: Ctx): Promise<AuthResult<unknown>> {
      await limiter.consume(
        { key: `signin:ip:${ctx.ip}`, max: 30, windowMs: 15 * MINUTE },
        { key: `signin:email:${email}`, max: 10, windowMs: 15 * MINUTE },
      );
      try {
        return await auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: ctx.headers,
          returnHeaders: true,
        });
      } catch (err) {
        throw toHttpError(err);
      }
    },

    async signOut(ctx: Ctx): Promise<Headers> {
      try {
        const result = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
        return result.headers;
      } catch (err) {
        throw toHttpError(err);
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

    async resetPassword(token: string, password: string, ctx: Ctx): Promise<void> {
      await limiter.consume({ key: `reset-token:ip:${ctx.ip}`, max: 30, windowMs: HOUR });
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password }, headers: ctx.headers });
      } catch (err) {
        if (err instanceof APIError && err.statusCode < 500) {
          throw new HttpError(400, 'invalid_reset_link', ACCOUNT_MESSAGES.invalidResetLink);
        }
        throw err;
      }
    },

    /** The signed-in user of a request's Cookie header, or null. */
    async currentUser(cookie: string): Promise<SessionUser | null> {
      const read = await readSession(cookie);
      if (read !== 'ask-better-auth') return read;
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

/** better-auth's own messages are the "service message" the spec shows; anything else is generic. */
function toHttpError(err: unknown): Error {
  if (err instanceof HttpError) return err;
  if (err instanceof APIError && err.statusCode < 500) {
    const message = typeof err.body?.message === 'string' ? err.body.message : ACCOUNT_MESSAGES.unexpected;
    return new HttpError(err.statusCode, 'auth_error', message);
  }
  return err instanceof Error ? err : new Error(String(err));
}
