// Issue 24: change password from Settings. The current password is required; every other session ends
// (this browser gets a new cookie); the owner is told by email; refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { sentMail } from './support/jobs.ts';
import { cookieFrom, createUser, signIn } from './support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const whoIs = async (cookie: string) =>
  (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user as { id: string } | null;

const change = (cookie: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/password',
    headers: cookie ? { cookie } : {},
    payload: body,
  });

describe('change password', () => {
  it('needs the current password, then ends every other session, keeps this one, and tells the owner', async () => {
    const me = await createUser(t.app);
    const laptop = cookieFrom((await signIn(t.app, me.email, me.password)).headers['set-cookie']);
    expect(await whoIs(laptop)).toMatchObject({ id: me.user.id });
    const before = (await sentMail(t)).length;

    const res = await change(me.cookie, {
      currentPassword: me.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // The other browser is signed out; the one that asked has a fresh session, the old cookie is gone.
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(me.cookie)).toBeNull();
    const fresh = cookieFrom(res.headers['set-cookie']);
    expect(await whoIs(fresh)).toMatchObject({ id: me.user.id });
    // Old password out, new one in.
    expect((await signIn(t.app, me.email, me.password)).statusCode).toBe(401);
    expect((await signIn(t.app, me.email, 'a brand new secret')).statusCode).toBe(200);

    const mails = (await sentMail(t)).slice(before).filter((m) => m.to === me.email);
    expect(mails.map((m) => m.subjectText)).toEqual(['Your Kept password was changed']);
    expect(mails[0]!.text).toContain('If it was not you');
    expect(mails[0]!.text).toContain('http://localhost:3000/forgot-password');
    expect(mails[0]!.text).not.toContain('a brand new secret');
  });

  it('refuses a wrong current password, a short or unmatched new one, and a visitor; nothing changes', async () => {
    const me = await createUser(t.app);
    const laptop = cookieFrom((await signIn(t.app, me.email, me.password)).headers['set-cookie']);
    const before = (await sentMail(t)).length;

    const wrong = await change(me.cookie, {
      currentPassword: 'not my password',
      newPassword: 'another secret',
      confirmPassword: 'another secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Your current password is not right. Please try again.',
      fields: { currentPassword: 'Your current password is not right. Please try again.' },
    });

    const short = await change(me.cookie, {
      currentPassword: me.password,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 6 characters long.');

    const unmatched = await change(me.cookie, {
      currentPassword: me.password,
      newPassword: 'another secret',
      confirmPassword: 'another secrets',
    });
    expect(unmatched.json().error.message).toBe('Passwords do not match.');

    const missing = await change(me.cookie, {
      newPassword: 'another secret',
      confirmPassword: 'another secret',
    });
    expect(missing.json().error.message).toBe('Please enter your current password.');

    const visitor = await change(undefined, {
      currentPassword: me.password,
      newPassword: 'another secret',
      confirmPassword: 'another secret',
    });
    expect(visitor.statusCode).toBe(401);

    expect(await whoIs(me.cookie)).toMatchObject({ id: me.user.id });
    expect(await whoIs(laptop)).toMatchObject({ id: me.user.id });
    expect((await signIn(t.app, me.email, me.password)).statusCode).toBe(200);
    expect((await sentMail(t)).slice(before).filter((m) => m.to === me.email)).toEqual([]);
  });

  it('limits guesses of the current password per account', async () => {
    const me = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await change(me.cookie, {
        currentPassword: `guess ${i}`,
        newPassword: 'another secret',
        confirmPassword: 'another secret',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
