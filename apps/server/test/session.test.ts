// Who is signed in: better-auth's own session reading, with no cookie cache. Every request checks the
// cookie's signature and reads the session row, so a session ended on one instance is ended on every
// instance at once (SECURITY.md, decision 021).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieFrom, createUser, signIn } from './support/users.ts';

const SECRET = 'a test secret that is long enough for better-auth 0123456789';
const COOKIE = 'kept.session_token';
const DAY = 24 * 60 * 60 * 1000;

/** A session cookie value as better-auth signs it: `token.base64(HMAC-SHA256(token))`. */
const sign = (token: string, secret: string) =>
  `${token}.${crypto.createHmac('sha256', secret).update(token).digest('base64')}`;

const tokenOf = (cookie: string) => {
  const value = decodeURIComponent(/kept\.session_token=([^;]+)/.exec(cookie)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
};

describe('the signed-in user behind a request, on two instances of one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { AUTH_SECRET: SECRET } });
    b = await createTestApp({ env: { AUTH_SECRET: SECRET }, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const userOn = async (t: TestApp, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
  const expiresAt = async (token: string) => {
    const { rows } = await a.database.pool.query<{ expires_at: Date }>(
      'select expires_at from sessions where token = $1',
      [token],
    );
    return rows[0]?.expires_at;
  };

  it('is the same user on both instances, and nobody on either once signed out on one', async () => {
    const u = await createUser(a.app);
    expect(await userOn(a, u.cookie)).toEqual(u.user);
    expect(await userOn(b, u.cookie)).toEqual(u.user);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await userOn(b, u.cookie)).toBeNull();
    expect(await userOn(a, u.cookie)).toBeNull();
  });

  it('ends every session of the user on both instances when the password is reset on one', async () => {
    const u = await createUser(a.app);
    const second = cookieFrom((await signIn(b.app, u.email, u.password)).headers['set-cookie']);
    expect(await userOn(b, second)).toEqual(u.user);
    const token = crypto.randomBytes(16).toString('hex');
    await a.database.pool.query(
      `insert into verifications (id, identifier, value, expires_at)
       values ($1, $2, $3, now() + interval '1 hour')`,
      [crypto.randomUUID(), `reset-password:${token}`, u.user.id],
    );
    const reset = await a.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    for (const t of [a, b]) {
      expect(await userOn(t, u.cookie)).toBeNull();
      expect(await userOn(t, second)).toBeNull();
    }
  });

  it('is nobody for a cookie not signed with the secret, an unsigned token or an unknown session', async () => {
    const u = await createUser(a.app);
    const token = tokenOf(u.cookie);
    for (const t of [a, b]) {
      expect(await userOn(t, `${COOKIE}=${encodeURIComponent(sign(token, 'another secret'))}`)).toBeNull();
      expect(await userOn(t, `${COOKIE}=${token}`)).toBeNull();
      expect(await userOn(t, `${COOKIE}=${encodeURIComponent(sign('no-such-token', SECRET))}`)).toBeNull();
      expect(await userOn(t, u.cookie)).toEqual(u.user);
    }
  });

  it('keeps no copy of the session in a cookie: the row is the only authority', async () => {
    const u = await createUser(a.app);
    const signedIn = await signIn(a.app, u.email, u.password);
    const read = await b.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: u.cookie } });
    for (const res of [signedIn, read])
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n')).not.toMatch(/session_data/);
    // The row gone (as a sign-out elsewhere, or an operator, removes it): the cookie is worth nothing.
    await a.database.pool.query('delete from sessions where token = $1', [tokenOf(u.cookie)]);
    expect(await userOn(b, u.cookie)).toBeNull();
  });

  it('ends an expired session (better-auth deletes its row)', async () => {
    const u = await createUser(a.app);
    const token = tokenOf(u.cookie);
    await a.database.pool.query(
      `update sessions set expires_at = now() - interval '1 minute' where token = $1`,
      [token],
    );
    expect(await userOn(b, u.cookie)).toBeNull();
    expect(await expiresAt(token)).toBeUndefined();
  });

  it('extends a session due for its daily refresh by 30 days', async () => {
    const u = await createUser(a.app);
    const token = tokenOf(u.cookie);
    await a.database.pool.query(
      `update sessions set expires_at = now() + interval '28 days' where token = $1`,
      [token],
    );
    expect(await userOn(b, u.cookie)).toEqual(u.user);
    const extended = await expiresAt(token);
    expect(extended!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});

describe('the session cookie under https', () => {
  it('is read under its __Secure- name only', async () => {
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
