// Issue 24: email verification. Sign-up sends a link; the account works unconfirmed; the link confirms
// the address once, and not after 24 hours; Settings can ask for a new link.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { sentMail } from './support/jobs.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser } from './support/users.ts';

const CONFIRM = 'Confirm your email address for Kept';
const INVALID =
  'This confirmation link has expired or has already been used. Please ask for a new one in Settings.';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user as {
    emailVerified: boolean;
  } | null;

async function linksTo(email: string): Promise<string[]> {
  return (await sentMail(t))
    .filter((m) => m.to === email && m.subjectText === CONFIRM)
    .map((m) => {
      const match = /http:\/\/localhost:3000\/verify-email\?token=([\w.%-]+)/.exec(m.text);
      if (!match) throw new Error(`no link in ${m.text}`);
      return decodeURIComponent(match[1]!);
    });
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const resend = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/me/verification-email', headers: cookie ? { cookie } : {} });

describe('email verification', () => {
  it('sends a link at sign-up that confirms the address once', async () => {
    const me = await createUser(t.app, { verified: false });
    expect(await session(me.cookie)).toMatchObject({ emailVerified: false });
    const [token] = await linksTo(me.email);
    expect(token).toBeTruthy();

    const first = await verify(token!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    expect(await session(me.cookie)).toMatchObject({ emailVerified: true });

    const again = await verify(token!);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_verification_link', message: INVALID });
    // Confirmed already: no new link to ask for.
    const more = await resend(me.cookie);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe('Your email address is already confirmed.');
  });

  it('refuses a link after 24 hours, and a made-up one; the address stays unconfirmed', async () => {
    const me = await createUser(t.app, { verified: false });
    const [token] = await linksTo(me.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3_600_000 + 60_000 });
    const late = await verify(token!);
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('invalid_verification_link');
    for (const bad of ['not-a-token', `${token}x`, 'a'.repeat(3000)]) {
      const res = await verify(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/invalid_verification_link|validation_error/);
    }
    expect(await session(me.cookie)).toMatchObject({ emailVerified: false });
  });

  it('sends a new link from Settings to the signed-in address only, within a limit', async () => {
    const me = await createUser(t.app, { verified: false });
    expect(await linksTo(me.email)).toHaveLength(1);
    expect((await resend()).statusCode).toBe(401);
    expect((await resend(me.cookie)).statusCode).toBe(200);
    const links = await linksTo(me.email);
    expect(links).toHaveLength(2);
    expect((await verify(links[1]!)).statusCode).toBe(200);
    expect(await session(me.cookie)).toMatchObject({ emailVerified: true });

    const other = await createUser(t.app, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await resend(other.cookie)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never blocks an unconfirmed account: it signs in and pays a deposit', async () => {
    const me = await createUser(t.app, { verified: false });
    const { projectId } = await createPaidProject(t.app, { owner: me });
    expect((await t.app.inject({ url: `/api/projects/${projectId}` })).statusCode).toBe(200);
    expect(await session(me.cookie)).toMatchObject({ emailVerified: false });
  });
});
