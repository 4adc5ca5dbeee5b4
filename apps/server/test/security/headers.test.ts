// Security headers on every kind of response, over http and behind https: API success, client errors
// of each kind (validation, auth, CSRF, not found, malformed address, body too large, wrong content
// type, rate limit), an unexpected 500, an overload 503, the app's pages, static files and the
// email-link pages.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { expectErrorEnvelope, expectSecurityHeaders, makeWebDist } from '../support/security.ts';
import { createUser, signIn, type SignedIn } from '../support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
const dist = makeWebDist();
afterAll(() => dist.remove());

type Probe = [
  name: string,
  send: (t: TestApp, who: SignedIn, projectId: string) => Promise<LightMyRequestResponse>,
  status: number,
];

const PROBES: Probe[] = [
  ['API 200', (t) => t.app.inject({ url: '/api/health' }), 200],
  ['API 200 HEAD', (t) => t.app.inject({ method: 'HEAD', url: '/api/home' }), 200],
  [
    'API 200 signed in',
    (t, who) => t.app.inject({ url: '/api/me/settings', headers: { cookie: who.cookie } }),
    200,
  ],
  ['API 400 validation', (t) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} }), 400],
  [
    'API 400 bad JSON',
    (t) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    400,
  ],
  ['API 400 malformed address', (t) => t.app.inject({ url: '/api/users/%C0%AF' }), 400],
  ['page 400 malformed address', (t) => t.app.inject({ url: '/project/%E0%A4%A' }), 400],
  ['API 401', (t) => t.app.inject({ url: '/api/me/projects' }), 401],
  [
    'API 403 cross-site',
    (t, who) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: who.cookie, origin: 'https://evil.example' },
      }),
    403,
  ],
  ['API 404', (t) => t.app.inject({ url: '/api/nope' }), 404],
  ['API 404 unknown method', (t) => t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/health' }), 404],
  [
    'API 404 project',
    (t) => t.app.inject({ url: '/api/projects/00000000-0000-4000-8000-000000000000' }),
    404,
  ],
  [
    'API 413 body too large',
    (t) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
      }),
    413,
  ],
  [
    'API 415 content type',
    (t) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/xml' },
        payload: '<x/>',
      }),
    415,
  ],
  ['API 414-sized parameter', (t) => t.app.inject({ url: `/api/categories/${'a'.repeat(3_000)}` }), 400],
  ['SPA page', (t) => t.app.inject({ url: '/how-it-works' }), 200],
  ['project page with preview', (t, _who, projectId) => t.app.inject({ url: `/project/${projectId}` }), 200],
  ['project page 404', (t) => t.app.inject({ url: '/project/00000000-0000-4000-8000-000000000000' }), 404],
  ['profile page', (t, who) => t.app.inject({ url: `/user/${who.user.username}` }), 200],
  ['static asset', (t) => t.app.inject({ url: '/assets/app-abc123.js' }), 200],
  ['static file', (t) => t.app.inject({ url: '/favicon.svg' }), 200],
  ['static 404', (t) => t.app.inject({ url: '/assets/missing.js' }), 404],
  ['uploads 404', (t) => t.app.inject({ url: '/uploads/missing.webp' }), 404],
  ['unsubscribe page', (t) => t.app.inject({ url: '/api/notifications/unsubscribe?token=nope' }), 400],
];

describe.each([
  { name: 'http', env: {} as Record<string, string>, https: false },
  { name: 'https', env: { BASE_URL: 'https://kept.example' }, https: true },
])('security headers over $name', ({ env, https }) => {
  let t: TestApp;
  let who: SignedIn;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ clock, env, webDistDir: dist.dir });
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret detail: relation "users" does not exist');
    });
    // A statement cut by its timeout: the database is overloaded.
    t.app.get('/api/test/statement-timeout', async () =>
      inTransaction(t.database.pool, async (client) => {
        await client.query('set local statement_timeout = 50');
        await client.query('select pg_sleep(1)');
      }),
    );
    await t.app.ready();
    who = await createUser(t.app);
    projectId = await insertProjectRow(t.database.pool, {
      userId: who.user.id,
      createdAt: '2026-03-01T12:00:00Z',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(PROBES)('%s', async (name, send, status) => {
    const res = await send(t, who, projectId);
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(status);
    expectSecurityHeaders(res, { https, what: name });
    if (name.startsWith('API') && status >= 400 && name !== 'API 404 unknown method')
      expectErrorEnvelope(res, name);
  });

  it('API 500: generic message, nothing leaked, same headers', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred. Please try again later.' },
    });
    expectSecurityHeaders(res, { https, what: '500' });
  });

  it('API 503: overloaded, with Retry-After, nothing leaked, same headers', async () => {
    const res = await t.app.inject({ url: '/api/test/statement-timeout' });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('service_unavailable');
    expectErrorEnvelope(res, '503');
    expect(res.body).not.toMatch(/statement|timeout|pg_sleep/i);
    expectSecurityHeaders(res, { https, what: '503' });
  });

  it('API 429: rate limited, with Retry-After and the same headers', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 12; i += 1) {
      res = await signIn(t.app, 'limited-headers@example.com', 'wrong password');
      if (res.statusCode === 429) break;
    }
    expect(res!.statusCode).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorEnvelope(res!, '429');
    expectSecurityHeaders(res!, { https, what: '429' });
  });

  it('never lets a browser sniff JSON as HTML, and never caches signed-in answers', async () => {
    const res = await t.app.inject({ url: '/api/session', headers: { cookie: who.cookie } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
