// Personal answers are never kept by a shared cache: every GET route in the app's own route list
// (app.routeList) is asked by its owner, by another signed-in user and by a visitor. Wherever the
// answers differ, the signed-in answers must say `private` (or `no-store`) and `Vary: Cookie`, so a
// proxy or CDN never hands one person's answer (favorites, the owner's refund-if-ended-today, their
// settings) to someone else. Answers that are the same for everybody may stay public.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { projectDraft, startDeposit } from '../support/projects.ts';
import { makeWebDist } from '../support/security.ts';
import { createUser, type SignedIn } from '../support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
const dist = makeWebDist();
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let projectId: string;
let payment: { paymentId: string; clientSecret: string };
let exportId: string;

beforeAll(async () => {
  t = await createTestApp({ clock, webDistDir: dist.dir });
  await t.app.ready();
  owner = await createUser(t.app);
  other = await createUser(t.app);
  projectId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T12:00:00Z',
    tag: 'Art',
  });
  const star = await t.app.inject({
    method: 'PUT',
    url: `/api/projects/${projectId}/favorite`,
    headers: { cookie: owner.cookie },
  });
  expect(star.statusCode).toBe(200);
  const intent = await startDeposit(t.app, owner, projectDraft());
  payment = { paymentId: intent.paymentId, clientSecret: intent.clientSecret };
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/me/data-export',
    headers: { cookie: owner.cookie },
  });
  expect(requested.statusCode).toBe(202);
  exportId = requested.json().export.id;
  await t.app.jobs.drain();
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

/** The addresses to ask for one route: its parameters filled with the owner's things. */
function addressesOf(url: string): string[] {
  if (url.includes('*')) return [];
  if (url.includes(':slug')) return ['favorites', 'art', 'featured'].map((s) => url.replace(':slug', s));
  if (url.includes(':paymentId'))
    return [
      `${url.replace(':paymentId', payment.paymentId)}?clientSecret=${encodeURIComponent(payment.clientSecret)}`,
    ];
  return [
    url
      .replace(':projectId', projectId)
      .replace(':username', owner.user.username!)
      .replace(':exportId', exportId),
  ];
}

const ask = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

const fingerprint = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body}`;

function expectPrivate(res: LightMyRequestResponse, what: string) {
  const cacheControl = String(res.headers['cache-control'] ?? '');
  expect(cacheControl, `${what}: Cache-Control`).toMatch(/\b(private|no-store)\b/);
  expect(cacheControl, `${what}: Cache-Control`).not.toMatch(/\bpublic\b/);
  if (/\bprivate\b/.test(cacheControl))
    expect(cacheControl, `${what}: Cache-Control`).toMatch(/\bno-cache\b/);
  const vary = String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
  expect(vary, `${what}: Vary`).toContain('cookie');
}

describe('answers that depend on who asks', () => {
  it('are private to the signed-in user, on every GET route of the app', async () => {
    const routes = t.app.routeList.filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(15);
    const personal: string[] = [];
    for (const route of routes) {
      for (const url of addressesOf(route.url)) {
        const [asOwner, asOther, asVisitor] = await Promise.all([
          ask(url, owner.cookie),
          ask(url, other.cookie),
          ask(url),
        ]);
        const ownerDiffers =
          fingerprint(asOwner) !== fingerprint(asOther) || fingerprint(asOwner) !== fingerprint(asVisitor);
        if (ownerDiffers) {
          personal.push(url);
          expectPrivate(asOwner, `${url} as its owner`);
        }
        if (fingerprint(asOther) !== fingerprint(asVisitor)) expectPrivate(asOther, `${url} as another user`);
      }
    }
    // The answers that carry personal data are among them (and so were checked above).
    for (const url of [
      `/api/projects/${projectId}`,
      '/api/home',
      '/api/projects',
      '/api/categories/favorites',
      '/api/session',
      '/api/me/settings',
      '/api/me/favorites',
      '/api/me/projects',
    ]) {
      expect(personal, url).toContain(url);
    }
  });

  it('gives the owner refund-if-ended-today privately, and keeps a visitor’s answer shareable', async () => {
    const mine = await ask(`/api/projects/${projectId}`, owner.cookie);
    expect(mine.json().refundIfEndedToday).not.toBeNull();
    expectPrivate(mine, 'the owner’s project');
    const visitor = await ask(`/api/projects/${projectId}`);
    expect(visitor.json().refundIfEndedToday).toBeNull();
    expect(String(visitor.headers['cache-control'] ?? '')).not.toMatch(/\bprivate\b|\bno-store\b/);
    expect(String(visitor.headers.vary ?? '').toLowerCase()).toContain('cookie');
  });

  it('keeps the compressed home page private too (its Vary names both)', async () => {
    const res = await t.app.inject({
      url: '/api/home',
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
    });
    expectPrivate(res, '/api/home gzip');
  });
});
