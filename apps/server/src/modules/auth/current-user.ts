// Who is signed in: the user of a request's Cookie header, or null.
import type { SessionUser } from '@kept/contract';
import type { AccountDeps } from './accounts.ts';

/**
 * better-auth checks the cookie's signature and reads the session row with its user on every call (no
 * cookie cache: decision 021), so a session ended on any instance ends here at once; it also deletes
 * an expired session and extends one due for its refresh.
 */
export async function currentUser(
  deps: Pick<AccountDeps, 'auth'>,
  cookie: string,
): Promise<SessionUser | null> {
  const session = await deps.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) return null;
  return sessionUser(
    session.user as typeof session.user & { username?: string | null; timezone?: string | null },
  );
}

/** The SessionUser of a better-auth user. */
export function sessionUser(user: {
  id: string;
  email: string;
  username?: string | null;
  timezone?: string | null;
  createdAt: Date | string;
  emailVerified?: boolean | null;
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    timezone: user.timezone ?? 'UTC',
    createdAt: new Date(user.createdAt).toISOString(),
    emailVerified: user.emailVerified === true,
  };
}
