// better-auth on our PostgreSQL: email + password, database sessions in http-only cookies.
// We do not mount its generic router; our own routes (routes.ts) call the few endpoints we use, so
// every input passes our shared validation and no other endpoint (e.g. update-user) is exposed.
import { and, eq, like } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';

export type AuthHooks = {
  sendResetPassword: (data: { email: string; username: string | null; token: string }) => Promise<void>;
  onExistingUserSignUp: (data: { email: string; username: string | null }) => Promise<void>;
  sendVerificationEmail: (data: { email: string; username: string | null; token: string }) => Promise<void>;
};

/** How long a verification link works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

export function createAuth(opts: { db: Db; baseUrl: string; secret: string; hooks: AuthHooks }) {
  const secure = opts.baseUrl.startsWith('https://');
  return betterAuth({
    appName: 'Kept',
    baseURL: opts.baseUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: [new URL(opts.baseUrl).origin],
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: true },
        timezone: { type: 'string', required: false, input: true, defaultValue: 'UTC' },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No copy of the session in a cookie: every request reads the session row, so sign-out, a
      // password reset and expiry end a session at once on every instance (SECURITY.md, decision 021).
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false, // the spec sends a new user to the login page
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The link just used is consumed by better-auth; every other one of the user's ends here.
      onPasswordReset: async ({ user }) => {
        await endResetLinks(opts.db, user.id);
      },
      sendResetPassword: async ({ user, token }) => {
        await opts.hooks.sendResetPassword({ email: user.email, username: usernameOf(user), token });
      },
      onExistingUserSignUp: async ({ user }) => {
        await opts.hooks.onExistingUserSignUp({ email: user.email, username: usernameOf(user) });
      },
    },
    // Sign-up sends a verification link (issue 24); signing in does not need it: an unverified address
    // only gets no reminders (jobs/lifecycle.ts). The link is read by our POST /api/auth/verify-email.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await opts.hooks.sendVerificationEmail({ email: user.email, username: usernameOf(user), token });
      },
    },
    hooks: {
      // A password changed while signed in also ends the user's reset links (mailed before the change).
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || isAPIError(ctx.context.returned)) return;
        const userId = ctx.context.session?.user.id;
        if (userId) await endResetLinks(opts.db, userId);
      }),
    },
    rateLimit: { enabled: false }, // ours lives in PostgreSQL and covers every instance
    advanced: {
      cookiePrefix: 'kept',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    telemetry: { enabled: false },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The verifications row of a reset link is `reset-password:{token}` → the user's id. */
export const RESET_LINK_PREFIX = 'reset-password:';

/** Ends every password-reset link of a user: once the password has changed, older links must not work. */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${RESET_LINK_PREFIX}%`), eq(verifications.value, userId)));
}

function usernameOf(user: object): string | null {
  const value = (user as { username?: unknown }).username;
  return typeof value === 'string' ? value : null;
}
