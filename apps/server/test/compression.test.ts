// Answers are compressed by @fastify/compress when the client asks for it (decision 021): a JSON answer
// over 1 KB comes back gzipped (or in br) to a client that accepts it, as it is to one that does not,
// and never when COMPRESSION=0 leaves it to a proxy. A shared (cached) browse answer is compressed once
// for all its visitors (decision 023), and at zlib's best once it is asked for again (decision 041).
import crypto from 'node:crypto';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHARED_CACHE_MS } from '../src/modules/browse/deps.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertProject, insertUser } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser } from './support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));

async function withProjects(t: TestApp): Promise<void> {
  const owner = await insertUser(t.database.pool);
  for (let i = 0; i < 6; i += 1)
    await insertProject(t.database.pool, {
      userId: owner.id,
      title: `Compressible project ${i}`,
      createdAt: '2026-03-01T10:00:00Z',
      lengthDays: 60,
      refundableCents: 1_000 * (i + 1),
    });
}

const varies = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('compression', () => {
  let t: TestApp;
  let plain: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await withProjects(t);
    const res = await t.app.inject({ url: '/api/home' });
    expect(res.headers['content-encoding']).toBeUndefined();
    plain = res.body;
    expect(Buffer.byteLength(plain)).toBeGreaterThan(1024);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gzips a JSON answer over 1 KB for a client that accepts gzip, from the cache and fresh', async () => {
    for (const headers of [
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip', 'cache-control': 'no-cache' },
    ]) {
      const res = await t.app.inject({ url: '/api/home', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(varies(res.headers.vary)).toContain('accept-encoding');
      expect(gunzipSync(res.rawPayload).toString()).toBe(plain);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
    }
  });

  it('prefers brotli when the client accepts it', async () => {
    const res = await t.app.inject({ url: '/api/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
  });

  it('sends the answer as it is when the client does not ask, or asks for identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ url: '/api/home', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain);
    }
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('keeps a personal answer private and varying on the cookie when it compresses it', async () => {
    const who = await createUser(t.app);
    const res = await t.app.inject({
      url: '/api/home',
      headers: { cookie: who.cookie, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/\bprivate\b/);
    expect(varies(res.headers.vary)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).topFunded.length).toBeGreaterThan(0);
  });
});

describe('shared answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await withProjects(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('compresses a shared answer once for every visitor and every cache entry with the same bytes', async () => {
    // Bytes no other answer of this process has had: a title of its own.
    const owner = await insertUser(t.database.pool);
    await insertProject(t.database.pool, {
      userId: owner.id,
      title: `A project no answer has shown yet ${crypto.randomUUID()}`,
      createdAt: '2026-03-01T10:00:00Z',
      lengthDays: 60,
      refundableCents: 99_000,
    });
    const expected = (await t.app.inject({ url: '/api/home', headers: { 'cache-control': 'no-cache' } }))
      .body;
    expect(expected).toContain('A project no answer has shown yet');
    const quick = vi.spyOn(zlib, 'brotliCompressSync');
    const smallest = vi.spyOn(zlib, 'brotliCompress');
    try {
      const send = async () => {
        const res = await t.app.inject({ url: '/api/home', headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.headers['content-encoding']).toBe('br');
        expect(varies(res.headers.vary)).toContain('accept-encoding');
        expect(brotliDecompressSync(res.rawPayload).toString()).toBe(expected);
        return res.rawPayload.length;
      };
      const first = await send();
      await send(); // a second visitor: the smallest body is made in the thread pool
      await vi.waitFor(async () => expect(await send()).toBeLessThan(first), { timeout: 10_000 });
      clock.advance(SHARED_CACHE_MS); // the next cache entry: made again, the same bytes
      for (let i = 0; i < 3; i += 1) expect(await send()).toBeLessThan(first);
      // Once quickly for the first visitor, once at brotli's best when a second one asked; the next
      // cache entry, byte for byte the same answer, reuses both (@fastify/compress would compress each).
      expect(quick).toHaveBeenCalledTimes(1);
      expect(smallest).toHaveBeenCalledTimes(1);
      const fresh = await t.app.inject({
        url: '/api/home',
        headers: { 'accept-encoding': 'br', 'cache-control': 'no-cache' },
      });
      expect(brotliDecompressSync(fresh.rawPayload).toString()).toBe(expected);
      expect(quick).toHaveBeenCalledTimes(1);
    } finally {
      quick.mockRestore();
      smallest.mockRestore();
    }
  });
});

describe('COMPRESSION=0', () => {
  it('never compresses: a proxy in front does it', async () => {
    const t = await createTestApp({ clock, env: { COMPRESSION: '0' } });
    try {
      await withProjects(t);
      const res = await t.app.inject({ url: '/api/home', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Buffer.byteLength(res.body)).toBeGreaterThan(1024);
    } finally {
      await t.close();
    }
  });
});
