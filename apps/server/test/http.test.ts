import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const h of SECURITY_HEADERS) expect(headers[h], h).toBeTruthy();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['x-request-id']).toBeTruthy();
}

describe('HTTP basics', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div>SPA</body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDistDir: dist });
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret detail: relation "users" does not exist');
    });
    t.app.post('/api/test/echo', async (request) => ({ got: request.body }));
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers health with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expectSecurityHeaders(res.headers);
  });

  it('answers unknown /api paths with a 404 in the error format', async () => {
    for (const url of ['/api/nope', '/api/projects/xyz/unknown', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
      expectSecurityHeaders(res.headers);
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the SPA for every other GET, never cached', async () => {
    for (const url of [
      '/',
      '/how-it-works?x=1',
      '/how-it-works/',
      '/category/art',
      '/category/featured',
      '/about',
      '/help',
      '/blog',
      '/careers',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain('SPA');
      expectSecurityHeaders(res.headers);
    }
    // A project or profile that does not exist: the same page, with a truthful 404 (meta-tags.test.ts).
    for (const url of ['/project/123', '/user/alice?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('SPA');
    }
  });

  it('answers paths outside the route table with the app page and a 404', async () => {
    for (const url of [
      '/some/deep/unknown/page',
      '/nope?x=1',
      '/category',
      '/category/art/extra',
      '/how-it-works/extra',
      '/project',
      '/constructor',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body, url).toContain('SPA');
      expectSecurityHeaders(res.headers);
    }
  });

  it('moves a known category in another spelling to its canonical address, and 404s unknown ones', async () => {
    for (const [url, location] of [
      ['/category/ART', '/category/art'],
      ['/category/home_improvements', '/category/home-improvements'],
      ['/category/Home%20Improvements?x=1', '/category/home-improvements?x=1'],
      ['/category/Finishing%20Soon', '/category/finishing-soon'],
      ["/category/Editor's%20Picks", '/category/featured'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
      expectSecurityHeaders(res.headers);
    }
    for (const url of ['/category/nonsense', '/category/arts', '/category/%F0%9F%8E%A8']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('SPA');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/category/nonsense' });
    expect(head.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-zzz.js' });
    expect(missing.statusCode).toBe(404);
  });

  it("sends the build's compressed copies to browsers that accept them", async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a malformed JSON body with a 400 in the error format, no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
    expectSecurityHeaders(res.headers);
  });

  it('answers an unexpected failure with a generic 500 and leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred. Please try again later.' },
    });
    expect(res.body).not.toContain('secret detail');
    expectSecurityHeaders(res.headers);
  });

  it('keeps a request id given by a proxy and makes one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no HSTS over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HTTP behind https', () => {
  it('sends HSTS when BASE_URL is https', async () => {
    const t = await createTestApp({ env: { BASE_URL: 'https://kept.example' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    const t = await createTestApp();
    try {
      await t.database.drop();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});
