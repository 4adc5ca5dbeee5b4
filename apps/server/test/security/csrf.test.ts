// Cross-site request forgery: every state-changing route the app registers (from app.routeList) refuses
// a request that a browser says comes from another site, whatever the body looks like: the HTML form
// encodings (urlencoded, multipart, text/plain) and JSON. The Stripe webhook (signed, sent by Stripe's
// servers) is the one exemption, and the list of exemptions is checked to be exactly that.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { STRIPE_TEST_KEYS } from '../support/fake-stripe.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { dataFingerprint, expectErrorEnvelope, expectSecurityHeaders } from '../support/security.ts';
import { createUser, type SignedIn } from '../support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let activeId: string;
let endedId: string;

beforeAll(async () => {
  // With Stripe's keys, so that the webhook route exists too.
  t = await createTestApp({ clock, env: { ...STRIPE_TEST_KEYS } });
  await t.app.ready();
  owner = await createUser(t.app);
  activeId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T12:00:00Z',
  });
  endedId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-02-01T12:00:00Z',
    lengthDays: 28,
  });
});
afterAll(async () => {
  await t.close();
});

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const WEBHOOK = 'POST /api/webhooks/stripe';

function mutatingRoutes(): { method: string; url: string }[] {
  return t.app.routeList
    .filter((r) => !SAFE.has(r.method))
    .map((r) => ({
      method: r.method,
      url: r.url.replace(':projectId', r.method === 'DELETE' ? endedId : activeId),
    }));
}

/** What a forging page can send: the three form encodings, and JSON via fetch (which adds Origin). */
const BODIES: { name: string; contentType: string; payload: string }[] = [
  {
    name: 'form',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'title=Pwned&description=x&tag=Art&updateText=pwned&username=pwned1&timezone=UTC&email=a%40b.co',
  },
  {
    name: 'multipart',
    contentType: 'multipart/form-data; boundary=----forged',
    payload:
      '------forged\r\nContent-Disposition: form-data; name="updateText"\r\n\r\npwned\r\n------forged--\r\n',
  },
  {
    name: 'text/plain',
    contentType: 'text/plain',
    payload: '{"title":"Pwned","description":"x","tag":"Art"}',
  },
  {
    name: 'json',
    contentType: 'application/json',
    payload: '{"title":"Pwned","description":"x","tag":"Art"}',
  },
];

/** How the browser marks a cross-site request. */
const CROSS_SITE: { name: string; headers: Record<string, string> }[] = [
  { name: 'foreign Origin', headers: { origin: 'https://evil.example' } },
  { name: 'look-alike Origin', headers: { origin: 'http://localhost:3000.evil.example' } },
  { name: 'other port', headers: { origin: 'http://localhost:3001' } },
  { name: 'Origin null (sandboxed frame)', headers: { origin: 'null' } },
  { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  { name: 'Sec-Fetch-Site same-site (a sibling subdomain)', headers: { 'sec-fetch-site': 'same-site' } },
  {
    name: 'foreign Origin with same-origin Sec-Fetch-Site',
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
  },
];

describe('cross-site requests', () => {
  it('finds the state-changing routes in the route list', () => {
    const keys = mutatingRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThanOrEqual(18);
    expect(keys).toContain(WEBHOOK);
  });

  it('refuses every one of them, for every body and every cross-site marker, and writes nothing', async () => {
    const before = await dataFingerprint(t.database.pool);
    let checked = 0;
    for (const route of mutatingRoutes()) {
      if (`${route.method} ${route.url}` === WEBHOOK) continue;
      for (const body of BODIES) {
        for (const site of CROSS_SITE) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: route.url,
            headers: { cookie: owner.cookie, 'content-type': body.contentType, ...site.headers },
            payload: body.payload,
          });
          const what = `${route.method} ${route.url} (${body.name}, ${site.name})`;
          expect(res.statusCode, what).toBe(403);
          expect(res.json().error.code, what).toBe('cross_origin');
          expectErrorEnvelope(res, what);
          expectSecurityHeaders(res, { what });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(await dataFingerprint(t.database.pool)).toEqual(before);
  });

  it('exempts only the Stripe webhook, which answers on its signature instead', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
  });

  it('does not let a dressed-up address borrow the webhook’s exemption', async () => {
    for (const url of [
      '/api/webhooks/../auth/sign-out',
      '/api/webhooks/%2e%2e/auth/sign-out',
      '/api/webhooks/stripe/../../auth/sign-out',
      '/api/webhooks/stripe/..%2f..%2fauth/sign-out',
      '/api/webhooks/stripe%2f..%2f..%2fme/username',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect([403, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.statusCode === 403 ? res.json().error.code : 'not_found').toMatch(/cross_origin|not_found/);
    }
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: owner.cookie } });
    expect(session.json().user?.id).toBe(owner.user.id);
  });

  it('lets the app’s own pages through (same origin, or no browser markers at all)', async () => {
    for (const headers of [
      { origin: 'http://localhost:3000' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/timezone',
        headers: { cookie: owner.cookie, ...headers },
        payload: { timezone: 'Europe/London' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

/**
 * One request over a real socket, its address sent byte for byte (app.inject would tidy `.`, `..` and
 * `//` away before the router sees them, as no browser-facing server does).
 */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Other ways to write the same address: %-escapes, case, doubled slashes, dot segments, parameters. */
const SPELLINGS: { name: string; spell: (url: string) => string }[] = [
  { name: '%-escaped first letter', spell: (u) => u.replace('/api/', '/%61pi/') },
  { name: 'every letter of api %-escaped', spell: (u) => u.replace('/api/', '/%61%70%69/') },
  {
    name: 'a %-escaped letter further on',
    spell: (u) => u.replace(/([a-z])$/, (c) => `%${c.charCodeAt(0).toString(16)}`),
  },
  { name: 'double-escaped', spell: (u) => u.replace('/api/', '/%2561pi/') },
  { name: 'upper case', spell: (u) => u.replace('/api/', '/API/') },
  { name: 'leading double slash', spell: (u) => `/${u}` },
  { name: 'doubled inner slash', spell: (u) => u.replace(/\/([^/]+)$/, '//$1') },
  { name: 'dot segment', spell: (u) => u.replace('/api/', '/api/./') },
  { name: 'dot-dot segment', spell: (u) => u.replace('/api/', '/api/x/../') },
  { name: 'escaped dot-dot', spell: (u) => u.replace('/api/', '/api/x/%2e%2e/') },
  { name: 'escaped slash', spell: (u) => u.replace('/api/', '/api%2f') },
  { name: 'matrix parameter', spell: (u) => u.replace('/api/', '/api;x/') },
  { name: 'trailing slash', spell: (u) => `${u}/` },
  { name: 'query string', spell: (u) => `${u}?x=/api/webhooks/stripe` },
  { name: 'fragment-looking escape', spell: (u) => `${u}%23` },
];

describe('any spelling of an address', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('the router serves %-escaped spellings of the API (so the guard must judge what it matched)', async () => {
    const res = await rawRequest('GET', '/%61pi/session', { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).user.id).toBe(owner.user.id);
  });

  it('refuses every state-changing route from another site, however its address is written', async () => {
    const before = await dataFingerprint(t.database.pool);
    const served: string[] = [];
    for (const route of mutatingRoutes()) {
      if (`${route.method} ${route.url}` === WEBHOOK) continue;
      for (const { name, spell } of SPELLINGS) {
        const path = spell(route.url);
        for (const site of [CROSS_SITE[0]!, CROSS_SITE[2]!, CROSS_SITE[5]!]) {
          const res = await rawRequest(
            route.method,
            path,
            { cookie: owner.cookie, 'content-type': 'application/json', ...site.headers },
            '{"title":"Pwned","description":"x","tag":"Art","updateText":"pwned","username":"pwned1"}',
          );
          const what = `${route.method} ${path} (${name}, ${site.name}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(403);
          expect(JSON.parse(res.body).error.code, what).toBe('cross_origin');
          served.push(what);
        }
      }
    }
    expect(served.length).toBeGreaterThan(500);
    expect(await dataFingerprint(t.database.pool)).toEqual(before);
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: owner.cookie } });
    expect(session.json().user?.id).toBe(owner.user.id);
  });

  it('signing out from a sibling origin fails for every spelling of the sign-out address', async () => {
    for (const path of [
      '/%61pi/auth/sign-out',
      '/api/auth/sign-%6Fut',
      '/api/%61uth/sign-out',
      '/API/auth/sign-out',
      '//api/auth/sign-out',
      '/api/./auth/sign-out',
      '/api;x/auth/sign-out',
      '/api/webhooks/../auth/sign-out',
      '/api/webhooks/stripe/../../auth/sign-out',
      '/api/webhooks/%73tripe/../../auth/sign-out',
    ]) {
      const siblings: Record<string, string>[] = [
        { origin: 'http://localhost:3001' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of siblings) {
        const res = await rawRequest('POST', path, {
          cookie: owner.cookie,
          'content-type': 'text/plain',
          ...headers,
        });
        expect(res.statusCode, `${path} ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
      }
    }
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: owner.cookie } });
    expect(session.json().user?.id).toBe(owner.user.id);
  });

  it('still takes the Stripe webhook, by the route it matched, however it is spelled', async () => {
    for (const path of ['/api/webhooks/stripe', '/%61pi/webhooks/stripe', '/api/webhooks/%73tripe']) {
      const res = await rawRequest(
        'POST',
        path,
        { 'content-type': 'application/json', origin: 'https://evil.example' },
        '{"id":"evt_1","type":"payment_intent.succeeded"}',
      );
      expect(res.statusCode, path).toBe(400);
      expect(JSON.parse(res.body).error.code, path).toBe('invalid_signature');
    }
  });

  it('answers an unknown API address in any spelling as the API does, never with the web app', async () => {
    for (const path of ['/api/nope', '/%61pi/nope', '/%61%70%69/nope', '/%61pi']) {
      const res = await rawRequest('GET', path, { cookie: owner.cookie });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).error.code, path).toBe('not_found');
    }
  });
});
