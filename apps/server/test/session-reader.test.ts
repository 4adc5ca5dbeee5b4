import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieValue,
  dueForRefresh,
  verifiedToken,
  type SessionCookieSettings,
} from '../src/modules/auth/session-reader.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser } from './support/users.ts';

const SECRET = 'a test secret that is long enough for better-auth 0123456789';
const COOKIE = 'kept.session_token';
const DAY = 24 * 60 * 60 * 1000;

const sign = (token: string, secret: string) =>
  `${token}.${crypto.createHmac('sha256', secret).update(token).digest('base64')}`;

describe('cookieValue', () => {
  it('reads a cookie as better-auth does: first of a name wins, quotes dropped, URI-decoded', () => {
    expect(cookieValue('a=1; kept.session_token=abc%3D; b=2', COOKIE)).toBe('abc=');
    expect(cookieValue('kept.session_token=first; kept.session_token=second', COOKIE)).toBe('first');
    expect(cookieValue(' kept.session_token = "quoted" ', COOKIE)).toBe('quoted');
    expect(cookieValue('kept.session_token=%E0%A4%A', COOKIE)).toBe('%E0%A4%A');
    expect(cookieValue('other=1', COOKIE)).toBeUndefined();
    expect(cookieValue('', COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, COOKIE)).toBeUndefined();
    expect(cookieValue('junk; kept.session_token=x', COOKIE)).toBe('x');
    expect(cookieValue('xkept.session_token=no', COOKIE)).toBeUndefined();
  });
});

describe('verifiedToken', () => {
  it('takes a token signed with the secret and nothing else', () => {
    const signed = sign('tok.en', SECRET);
    expect(verifiedToken(signed, SECRET)).toBe('tok.en');
    expect(verifiedToken(sign('tok.en', `${SECRET}x`), SECRET)).toBeNull();
    expect(verifiedToken(`other${signed.slice(6)}`, SECRET)).toBeNull();
    const last = signed.length - 2;
    const flipped = signed.slice(0, last) + (signed[last] === 'A' ? 'B' : 'A') + signed.slice(last + 1);
    expect(verifiedToken(flipped, SECRET)).toBeNull();
    expect(verifiedToken('tok.en', SECRET)).toBeNull();
    expect(verifiedToken(`.${sign('', SECRET).slice(1)}`, SECRET)).toBeNull();
    expect(verifiedToken(`tok.${'A'.repeat(43)}=`, SECRET)).toBeNull();
    expect(verifiedToken(`tok.${'A'.repeat(44)}`, SECRET)).toBeNull();
    expect(verifiedToken(undefined, SECRET)).toBeNull();
    // The same signature in URL-safe base64 is not the signature better-auth wrote.
    const withPlusOrSlash = (t: string) => {
      for (let i = 0; ; i += 1) {
        const s = sign(`${t}${i}`, SECRET);
        if (/[+/]/.test(s.slice(s.lastIndexOf('.') + 1))) return s;
      }
    };
    const plus = withPlusOrSlash('tok');
    expect(verifiedToken(plus, SECRET)).not.toBeNull();
    const dot = plus.lastIndexOf('.');
    const variant =
      plus.slice(0, dot + 1) +
      plus
        .slice(dot + 1)
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
    expect(verifiedToken(variant, SECRET)).toBeNull();
  });
});

describe('dueForRefresh', () => {
  const settings: SessionCookieSettings = {
    cookieName: COOKIE,
    secret: SECRET,
    expiresInSec: 30 * 24 * 60 * 60,
    updateAgeSec: 24 * 60 * 60,
  };
  it('is due once a day has passed since the session was last set to expire in 30 days', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(dueForRefresh(new Date(now + 30 * DAY), now, settings)).toBe(false);
    expect(dueForRefresh(new Date(now + 29 * DAY + 1), now, settings)).toBe(false);
    expect(dueForRefresh(new Date(now + 29 * DAY), now, settings)).toBe(true);
    expect(dueForRefresh(new Date(now + DAY), now, settings)).toBe(true);
  });
});

describe('the signed-in user behind a request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionUser = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
  const tokenOf = (cookie: string) => verifiedToken(cookieValue(cookie, COOKIE), SECRET)!;
  const expiresAt = async (token: string) => {
    const { rows } = await t.database.pool.query<{ expires_at: Date }>(
      'select expires_at from sessions where token = $1',
      [token],
    );
    return rows[0]?.expires_at;
  };

  it('is read in one statement from a session better-auth issued', async () => {
    const u = await createUser(t.app);
    const pool = t.database.pool;
    const query = pool.query;
    let statements = 0;
    pool.query = ((...args: Parameters<typeof query>) => {
      statements += 1;
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof query;
    try {
      expect(await sessionUser(u.cookie)).toEqual(u.user);
    } finally {
      pool.query = query;
    }
    expect(statements).toBe(1);
  });

  it('is nobody for a cookie that is not signed with the secret, or names no session', async () => {
    const u = await createUser(t.app);
    const token = tokenOf(u.cookie);
    expect(await sessionUser(`${COOKIE}=${encodeURIComponent(sign(token, 'another secret'))}`)).toBeNull();
    expect(await sessionUser(`${COOKIE}=${token}`)).toBeNull();
    expect(await sessionUser(`${COOKIE}=${encodeURIComponent(sign('no-such-token', SECRET))}`)).toBeNull();
    expect(await sessionUser(u.cookie)).toEqual(u.user);
  });

  it('leaves an expired session to better-auth, which ends it', async () => {
    const u = await createUser(t.app);
    const token = tokenOf(u.cookie);
    await t.database.pool.query(
      `update sessions set expires_at = now() - interval '1 minute' where token = $1`,
      [token],
    );
    expect(await sessionUser(u.cookie)).toBeNull();
    expect(await expiresAt(token)).toBeUndefined();
  });

  it('leaves a session due for its refresh to better-auth, which extends it by 30 days', async () => {
    const u = await createUser(t.app);
    const token = tokenOf(u.cookie);
    await t.database.pool.query(
      `update sessions set expires_at = now() + interval '28 days' where token = $1`,
      [token],
    );
    expect(await sessionUser(u.cookie)).toEqual(u.user);
    const extended = await expiresAt(token);
    expect(extended!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('reads the __Secure- cookie when BASE_URL is https', async () => {
    const secure = await createTestApp({ env: { BASE_URL: 'https://kept.example', AUTH_SECRET: SECRET } });
    try {
      const u = await createUser(secure.app);
      expect(u.cookie).toMatch(/^__Secure-kept\.session_token=/);
      const read = async (cookie: string) =>
        (await secure.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
      expect(await read(u.cookie)).toEqual(u.user);
      expect(await read(u.cookie.replace(/^__Secure-/, ''))).toBeNull();
    } finally {
      await secure.close();
    }
  });
});
