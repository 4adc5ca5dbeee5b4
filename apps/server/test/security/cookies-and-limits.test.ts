// Session cookies (HttpOnly, SameSite=Lax, Path=/, Secure and the __Secure- prefix behind https) on
// sign-in and sign-out, none on sign-up; and rate limits that hold across two app instances on one
// database, also when the attempts arrive at both at once.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { confirmCard, projectDraft, startDeposit, TEST_CARDS } from '../support/projects.ts';
import { expectErrorEnvelope } from '../support/security.ts';
import { createUser, signIn, signUp, uniqueName } from '../support/users.ts';

const setCookies = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};

/** Attributes of one Set-Cookie line, lower-cased names. */
function attributes(line: string): { name: string; value: string; attrs: Map<string, string> } {
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const [name, ...value] = pair!.split('=');
  const attrs = new Map<string, string>();
  for (const part of rest) {
    const [k, ...v] = part.split('=');
    attrs.set(k!.toLowerCase(), v.join('='));
  }
  return { name: name!, value: value.join('='), attrs };
}

describe.each([
  {
    name: 'http',
    env: {} as Record<string, string>,
    secure: false,
    cookieName: 'kept.session_token',
    deviceCookieName: 'kept.known_device',
  },
  {
    name: 'https',
    env: { BASE_URL: 'https://kept.example' },
    secure: true,
    cookieName: '__Secure-kept.session_token',
    deviceCookieName: '__Secure-kept.known_device',
  },
])('session cookies over $name', ({ env, secure, cookieName, deviceCookieName }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });

  const expectFlags = (line: string, path = '/') => {
    const { attrs } = attributes(line);
    expect(attrs.has('httponly'), line).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase(), line).toBe('lax');
    expect(attrs.get('path'), line).toBe(path);
    expect(attrs.has('secure'), line).toBe(secure);
    expect(attrs.has('domain'), line).toBe(false);
  };

  it('sets none on sign-up (an account is not a session, and a taken address must look the same)', async () => {
    const username = uniqueName('cookie');
    const res = await signUp(t.app, {
      username,
      email: `${username}@example.com`,
      password: 'long enough pw',
    });
    expect(res.statusCode).toBe(201);
    expect(setCookies(res)).toEqual([]);
    const again = await signUp(t.app, {
      username: uniqueName('cookie'),
      email: `${username}@example.com`,
      password: 'another pw',
    });
    expect(again.statusCode).toBe(201);
    expect(setCookies(again)).toEqual([]);
  });

  it('sets a flagged session cookie on sign-in, and clears it with the same flags on sign-out', async () => {
    const user = await createUser(t.app);
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const lines = setCookies(res);
    expect(lines.map((l) => attributes(l).name).sort()).toEqual([cookieName, deviceCookieName].sort());
    for (const line of lines) {
      // The known-device cookie (decision 006) goes only to the sign-in routes, and lasts a year.
      if (attributes(line).name === deviceCookieName) {
        expectFlags(line, '/api/auth');
        expect(attributes(line).attrs.get('max-age'), line).toBe(String(365 * 24 * 60 * 60));
      } else expectFlags(line);
    }
    const session = lines.find((l) => attributes(l).name === cookieName)!;
    expect(attributes(session).value.length).toBeGreaterThan(20);
    expect(res.headers['cache-control']).toBe('no-store');

    const cookie = `${cookieName}=${attributes(session).value}`;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = setCookies(out).find((l) => attributes(l).name === cookieName);
    expect(cleared).toBeDefined();
    expectFlags(cleared!);
    expect(attributes(cleared!).attrs.get('max-age')).toBe('0');
    const after = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(after.json().user).toBeNull();
  });

  it('sets no cookie on a failed sign-in', async () => {
    const res = await signIn(t.app, 'nobody-here@example.com', 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(setCookies(res)).toEqual([]);
  });
});

describe('rate limits across two instances on one database', () => {
  const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ clock });
    b = await createTestApp({ clock, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** `n` requests at once, alternating between the instances; their statuses. */
  const burst = async (n: number, send: (app: TestApp, i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: n }, (_, i) => send(i % 2 === 0 ? a : b, i)));

  const expectLimited = (results: LightMyRequestResponse[], allowed: number, okStatus: number) => {
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === okStatus),
      statuses.join(','),
    ).toHaveLength(allowed);
    expect(
      statuses.filter((s) => s === 429),
      statuses.join(','),
    ).toHaveLength(results.length - allowed);
    for (const r of results.filter((x) => x.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expectErrorEnvelope(r, '429');
    }
  };

  it('password reset: 5 per address per hour, for 12 requests at once on both instances', async () => {
    const results = await burst(12, (t, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `10.1.0.${i + 1}`,
        payload: { email: 'burst-reset@example.com' },
      }),
    );
    expectLimited(results, 5, 200);
  });

  it('sign-in: 10 per address per 15 minutes, for 16 attempts at once on both instances', async () => {
    const results = await burst(16, (t, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: `10.2.0.${i + 1}`,
        payload: { email: 'burst-signin@example.com', password: 'wrong password' },
      }),
    );
    expectLimited(results, 10, 401);
  });

  it('sign-up: 20 per client address per hour, counted on both instances', async () => {
    const results: LightMyRequestResponse[] = [];
    for (let i = 0; i < 22; i += 1) {
      const t = i % 2 === 0 ? a : b;
      results.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          remoteAddress: '10.3.0.1',
          payload: { username: 'a', email: `burst-${i}@example.com`, password: 'long enough pw' },
        }),
      );
    }
    // A too-short username fails validation before the limiter: 400s do not count…
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    // …but valid attempts do, whichever instance they reach.
    const valid = await burst(22, (t, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: '10.3.0.2',
        payload: { username: 'taken_name', email: `burst-ok-${i}@example.com`, password: 'long enough pw' },
      }),
    );
    const statuses = valid.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 429),
      statuses.join(','),
    ).toHaveLength(2);
  });

  it('card confirms: 30 per payment per hour, for 36 attempts at once on both instances', async () => {
    const owner = await createUser(a.app);
    const intent = await startDeposit(a.app, owner, projectDraft());
    // A card the form refuses field by field (its expiry month): not a declined card, but an attempt.
    const results = await burst(36, (t) => confirmCard(t.app, intent, { expiry: '13 / 34' }));
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 429),
      statuses.join(','),
    ).toHaveLength(6);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 400)).toBe(true);
  });

  it('declined cards: 5 per payment form, for 36 tried at once on both instances', async () => {
    const owner = await createUser(a.app);
    const intent = await startDeposit(a.app, owner, projectDraft());
    const results = await burst(36, (t) => confirmCard(t.app, intent, { cardNumber: TEST_CARDS.declined }));
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 402),
      statuses.join(','),
    ).toHaveLength(5);
    // Every other try is refused by the limit; anything else is named with its answer.
    const others = results.filter((r) => r.statusCode !== 402 && r.statusCode !== 429);
    expect(
      others.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`),
      statuses.join(','),
    ).toEqual([]);
  });

  it('recovers after the window, on either instance', async () => {
    clock.advance(61 * 60_000);
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'burst-reset@example.com' },
    });
    expect(res.statusCode).toBe(200);
  });
});
