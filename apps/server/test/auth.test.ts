import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/modules/auth/auth.ts';
import { resolveAuthSecret } from '../src/modules/auth/auth-secret.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readOutbox, resetTokenFrom } from './support/mail.ts';
import { cookieFrom, createUser, signIn, signUp, uniqueName } from './support/users.ts';

const TAKEN = 'Username is already taken. Please choose a different username.';
const RESET_SENT =
  'Password reset email sent! Please check your inbox and follow the instructions to reset your password.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const session = async (cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} })).json().user;

const outbox = async () => {
  await t.app.jobs.drain();
  return readOutbox(t.config.mail.outboxDir);
};

describe('sign up', () => {
  it('creates an account with username and timezone, without signing in', async () => {
    const username = uniqueName('Ada');
    const res = await signUp(t.app, {
      username: `  ${username}  `,
      email: `${username}@Example.com`,
      password: 'secret1',
      timezone: 'Europe/Paris',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    const { rows } = await t.database.pool.query(
      'select username, email, timezone from users where username = $1',
      [username],
    );
    expect(rows).toEqual([
      { username, email: `${username.toLowerCase()}@example.com`, timezone: 'Europe/Paris' },
    ]);
  });

  it('requires email, password and username', async () => {
    for (const body of [
      {},
      { email: 'a@example.com', password: 'secret1' },
      { username: 'someone', password: 'secret1' },
      { username: 'someone', email: 'a@example.com', password: '' },
    ]) {
      const res = await signUp(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Email, password, and username are required.');
    }
  });

  it('checks the username with the shared rules', async () => {
    const cases: [string, string][] = [
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(31), 'Username must be 30 characters or less'],
      ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['Adm1n', 'Username contains inappropriate content'],
      ['double__under', 'Username cannot contain consecutive underscores or hyphens'],
      ['-edge', 'Username cannot start or end with underscores or hyphens'],
    ];
    for (const [username, message] of cases) {
      const res = await signUp(t.app, { username, email: 'x@example.com', password: 'secret1' });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields.username).toBe(message);
    }
  });

  it('refuses a taken username, whatever its case, and keeps the user on the form', async () => {
    const name = uniqueName('Taken');
    expect(
      (await signUp(t.app, { username: name, email: `${name}@example.com`, password: 'secret1' })).statusCode,
    ).toBe(201);
    const res = await signUp(t.app, {
      username: name.toUpperCase(),
      email: `other-${name}@example.com`,
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(TAKEN);
  });

  it('does not reveal that an email has an account: same answer, and the owner is told by email', async () => {
    const first = await createUser(t.app);
    const before = (await outbox()).length;
    const res = await signUp(t.app, {
      username: uniqueName('Copy'),
      email: first.email,
      password: 'another1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const { rows } = await t.database.pool.query('select count(*)::int as n from users where email = $1', [
      first.email,
    ]);
    expect(rows[0].n).toBe(1);
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['You already have a Kept account']);
    expect(mails[0]!.to).toBe(first.email);
    // How to sign in: the login page, and the reset page for a forgotten password.
    expect(mails[0]!.text).toContain('http://localhost:3000/login');
    expect(mails[0]!.text).toContain('http://localhost:3000/forgot-password');
    // The existing password still works; the one typed at sign-up does not.
    expect((await signIn(t.app, first.email, first.password)).statusCode).toBe(200);
    expect((await signIn(t.app, first.email, 'another1')).statusCode).toBe(401);
  });

  it('sends a brand-new account only its confirmation link, and the new account signs in unconfirmed', async () => {
    const before = (await outbox()).length;
    const username = uniqueName('Fresh');
    const email = `${username.toLowerCase()}@example.com`;
    const res = await signUp(t.app, { username, email, password: 'fresh pass 1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect((await outbox()).slice(before).map((m) => [m.to, m.subject])).toEqual([
      [email, 'Confirm your email address for Kept'],
    ]);
    const signedIn = await signIn(t.app, email, 'fresh pass 1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(false);
  });
});

describe('sign in and out', () => {
  it('signs in with an http-only, SameSite=Lax session cookie and knows the user', async () => {
    const u = await createUser(t.app, { timezone: 'Asia/Tokyo' });
    const res = await signIn(t.app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const sessionCookie = setCookie.find((c) => c.startsWith('kept.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
    expect(res.json().user).toMatchObject({
      email: u.email,
      username: u.user.username,
      timezone: 'Asia/Tokyo',
    });
    expect(await session(cookieFrom(res.headers['set-cookie']))).toMatchObject({
      email: u.email,
      timezone: 'Asia/Tokyo',
    });
    expect(await session()).toBeNull();
  });

  it("answers a wrong password with the auth service's message", async () => {
    const u = await createUser(t.app);
    const res = await signIn(t.app, u.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid email or password');
    const unknown = await signIn(t.app, 'nobody-here@example.com', 'whatever1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid email or password');
  });

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const u = await createUser(t.app);
    expect(await session(u.cookie)).not.toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    const cleared = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('kept.session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await session(u.cookie)).toBeNull(); // replaying the old cookie does not bring the session back
  });

  it('marks cookies Secure when BASE_URL is https', async () => {
    const secure = await createTestApp({ env: { BASE_URL: 'https://kept.example' } });
    try {
      const u = await createUser(secure.app);
      expect(u.cookie).toMatch(/^__Secure-kept\.session_token=/);
    } finally {
      await secure.close();
    }
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown emails, and mails a link only to an account', async () => {
    const u = await createUser(t.app);
    const before = (await outbox()).length;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'no-account@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ ok: true, message: RESET_SENT });
    await waitForMail(before + 1);
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([u.email]);
    expect(mails[0]!.subject).toBe('Reset your Kept password');
    expect(mails[0]!.text).toContain('http://localhost:3000/reset-password?token=');
  });

  it('validates the form with the spec messages', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(
      (await post({ token: '', password: 'secret1', confirmPassword: 'secret1' })).json().error.message,
    ).toBe('Invalid or missing reset tokens. Please request a new password reset.');
    expect(
      (await post({ token: 'x', password: 'short', confirmPassword: 'short' })).json().error.message,
    ).toBe('Password must be at least 6 characters long.');
    expect(
      (await post({ token: 'x', password: 'secret1', confirmPassword: 'secret2' })).json().error.message,
    ).toBe('Passwords do not match.');
    const bad = await post({ token: 'not-a-real-token', password: 'secret1', confirmPassword: 'secret1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid reset link. Please request a new password reset.');
  });

  it('sets a new password once per link, and ends every other session', async () => {
    const u = await createUser(t.app);
    const other = await signIn(t.app, u.email, u.password);
    const otherCookie = cookieFrom(other.headers['set-cookie']);
    const token = await requestResetToken(u.email);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await session(u.cookie)).toBeNull();
    expect(await session(otherCookie)).toBeNull();
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await signIn(t.app, u.email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'third-pass', confirmPassword: 'third-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Invalid reset link. Please request a new password reset.');
  });

  it('refuses a link after its hour is up', async () => {
    const u = await createUser(t.app);
    const token = await requestResetToken(u.email);
    const { rows } = await t.database.pool.query(
      `select extract(epoch from expires_at - created_at)::int as seconds from verifications where identifier = $1`,
      [`reset-password:${token}`],
    );
    expect(rows[0].seconds).toBe(3600);
    await t.database.pool.query(
      `update verifications set expires_at = now() - interval '1 second' where identifier = $1`,
      [`reset-password:${token}`],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
  });
});

describe('older reset links', () => {
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '10.8.0.1',
      payload: { token, password, confirmPassword: password },
    });

  it('end when any link of the user is used: five requested, the oldest used, the others fail', async () => {
    const u = await createUser(t.app);
    const bystander = await createUser(t.app);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await requestResetToken(u.email));
    const othersToken = await requestResetToken(bystander.email);

    expect((await reset(tokens[0]!, 'first new pass')).statusCode).toBe(200);
    for (const token of tokens.slice(1)) {
      const res = await reset(token, 'second new pass');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid reset link. Please request a new password reset.');
    }
    expect((await signIn(t.app, u.email, 'first new pass')).statusCode).toBe(200);
    // Another user's link is not touched.
    expect((await reset(othersToken, 'bystander new pass')).statusCode).toBe(200);
  });

  it('end when the password is changed while signed in', async () => {
    const u = await createUser(t.app);
    const token = await requestResetToken(u.email);
    // better-auth's endpoint itself (Settings' route is tested in change-password.test.ts).
    const auth = createAuth({
      db: t.database.db,
      baseUrl: t.config.baseUrl,
      secret: resolveAuthSecret(t.config.authSecret, t.config.dataDir),
      hooks: {
        sendResetPassword: async () => {},
        onExistingUserSignUp: async () => {},
        sendVerificationEmail: async () => {},
      },
    });
    await auth.api.changePassword({
      body: { currentPassword: u.password, newPassword: 'changed in settings' },
      headers: new Headers({ cookie: u.cookie }),
    });
    expect((await signIn(t.app, u.email, 'changed in settings')).statusCode).toBe(200);
    const res = await reset(token, 'from an old link');
    expect(res.statusCode).toBe(400);
    expect((await signIn(t.app, u.email, 'changed in settings')).statusCode).toBe(200);
  });
});

describe('a lockout and a password reset', () => {
  it('a reset by the mailbox owner lifts the lockout a stranger caused', async () => {
    const u = await createUser(t.app);
    const attempt = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        payload: { email: u.email, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`, '10.8.3.1')).statusCode).toBe(401);
    expect((await attempt(u.password, '10.8.3.2')).statusCode).toBe(429);
    const token = await requestResetToken(u.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '10.8.3.2',
      payload: { token, password: 'after the lockout', confirmPassword: 'after the lockout' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt('after the lockout', '10.8.3.2')).statusCode).toBe(200);
  });
});

describe('checking a reset link before the form', () => {
  const check = (token: string, ip = '10.8.1.1') =>
    t.app.inject({ url: `/api/auth/reset-password/${encodeURIComponent(token)}`, remoteAddress: ip });

  it('says whether a link works, without using it up', async () => {
    const u = await createUser(t.app);
    const token = await requestResetToken(u.email);
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(ok.headers['cache-control']).toBe('no-store');
    expect((await check(token)).statusCode).toBe(200);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(used.statusCode).toBe(200);

    for (const bad of [token, `${token}x`, token.slice(0, -1), 'not-a-real-token', 'x'.repeat(500)]) {
      const res = await check(bad);
      // No such link (404); a token too long to be one fails validation (400). Same words either way.
      expect(res.statusCode, bad).toBe(bad.length > 200 ? 400 : 404);
      expect(res.json().error.message).toBe('Invalid reset link. Please request a new password reset.');
    }
  });

  it('refuses an expired link', async () => {
    const u = await createUser(t.app);
    const token = await requestResetToken(u.email);
    await t.database.pool.query(
      `update verifications set expires_at = now() - interval '1 second' where identifier = $1`,
      [`reset-password:${token}`],
    );
    expect((await check(token)).statusCode).toBe(404);
  });

  it('shares the reset form’s limit per client address, so tokens cannot be probed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await check(`guess-${i}`, '10.8.2.1')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '10.8.2.1',
      payload: { token: 'guess', password: 'secret12', confirmPassword: 'secret12' },
    });
    expect(form.statusCode).toBe(429);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const name = uniqueName('Csrf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'https://evil.example' },
      payload: { username: name, email: `${name}@example.com`, password: 'secret1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_origin');
    const { rows } = await t.database.pool.query('select count(*)::int as n from users where username = $1', [
      name,
    ]);
    expect(rows[0].n).toBe(0);
    const crossSiteForm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(crossSiteForm.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { email: 'someone@example.com' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

async function requestResetToken(email: string): Promise<string> {
  const before = (await outbox()).length;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(200);
  await waitForMail(before + 1);
  const mail = (await outbox()).slice(before).find((m) => m.to === email);
  if (!mail) throw new Error('no reset email');
  return resetTokenFrom(mail);
}

/** The reset email is sent in the background after the answer; wait for it to reach the outbox. */
async function waitForMail(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await outbox()).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} emails`);
    await new Promise((r) => setImmediate(r));
  }
}
