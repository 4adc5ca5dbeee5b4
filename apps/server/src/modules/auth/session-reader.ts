// Who is signed in, in one statement. better-auth's getSession reads the session, then its user (two
// round trips), through a good deal of per-call machinery; on the hot authenticated routes (check-ins,
// favorites, settings) that was most of the request's own work. This reader does the plain case itself:
// the session cookie's signature is checked as better-auth signs it (HMAC-SHA256 of the token under the
// auth secret, base64, after a '.'), then one join reads the session and its user. Every other case — a
// session past its expiry (better-auth deletes it), one due for the sliding refresh (better-auth extends
// it) — is handed to better-auth's own getSession, so its rules stay the only ones.
import crypto from 'node:crypto';
import type { SessionUser } from '@kept/contract';
import type { Db } from '../../db/client.ts';

/** What the reader needs of better-auth's settings (its `$context`). */
export type SessionCookieSettings = {
  /** The session cookie's name (`kept.session_token`, `__Secure-` first under https). */
  cookieName: string;
  secret: string;
  /** A session lives this long, and is extended once it is older than `updateAgeSec`. */
  expiresInSec: number;
  updateAgeSec: number;
};

/** The plain answer, or: ask better-auth (expired, or due for its refresh). */
export type SessionRead = SessionUser | null | 'ask-better-auth';

/**
 * A cookie's value from a Cookie header as better-auth's parser reads it: the first cookie of that
 * name wins, surrounding quotes are dropped, the value is URI-decoded when it can be.
 */
export function cookieValue(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/** The session token in a signed cookie value (`token.base64signature`), or null when it is not signed by `secret`. */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  // Compared as text: better-call decodes with atob, which takes standard base64 only.
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}

/** better-auth's rule: a session is extended once `updateAge` has passed since it was last set to expire in `expiresIn`. */
export function dueForRefresh(expiresAt: Date, nowMs: number, settings: SessionCookieSettings): boolean {
  return expiresAt.getTime() - settings.expiresInSec * 1000 + settings.updateAgeSec * 1000 <= nowMs;
}

const SESSION_USER_SQL = `select s.expires_at, u.id, u.email, u.username, u.timezone, u.created_at
  from sessions s join users u on u.id = s.user_id
 where s.token = $1`;

type Row = {
  expires_at: Date | string;
  id: string;
  email: string;
  username: string | null;
  timezone: string | null;
  created_at: Date | string;
};

export function createSessionReader(db: Db, settings: () => Promise<SessionCookieSettings>) {
  return async function readSession(cookieHeader: string | undefined | null): Promise<SessionRead> {
    const s = await settings();
    const token = verifiedToken(cookieValue(cookieHeader, s.cookieName), s.secret);
    if (!token) return null;
    // A named statement: parsed and planned once per connection (planning was most of its time).
    const { rows } = await db.$client.query<Row>({
      name: 'kept_session_user_v1',
      text: SESSION_USER_SQL,
      values: [token],
    });
    const row = rows[0];
    if (!row) return null;
    const expiresAt = new Date(row.expires_at);
    const now = Date.now();
    if (expiresAt.getTime() <= now || dueForRefresh(expiresAt, now, s)) return 'ask-better-auth';
    return sessionUser({ ...row, createdAt: row.created_at });
  };
}

/** The SessionUser of a user row, read here or by better-auth. */
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
