// Overload is answered at once: 503, Retry-After and the error format, with the security headers
// (decision 021). @fastify/under-pressure refuses requests past the event loop's or the heap's bound, or
// while the database check fails; a statement past the statement timeout, or a request that waited too
// long for a pooled connection, is answered the same way instead of with a 500.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, runMigrations } from '../src/db/client.ts';
import {
  isDatabaseOverload,
  overloadLogger,
  RETRY_AFTER_SEC,
  UNAVAILABLE_MESSAGE,
} from '../src/http/overload.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import type { TestDatabase } from './support/db.ts';
import { expectErrorEnvelope, expectSecurityHeaders } from './support/security.ts';

const UNAVAILABLE = { error: { code: 'service_unavailable', message: UNAVAILABLE_MESSAGE } };

function expectRefused(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(503);
  expect(res.headers['retry-after'], what).toBe(String(RETRY_AFTER_SEC));
  expect(res.json(), what).toEqual(UNAVAILABLE);
  expectErrorEnvelope(res, what);
  expectSecurityHeaders(res, { what });
}

/** Polls `send` until it is refused (the bounds are sampled a few times a second); the refusal. */
async function refusedSoon(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  return vi.waitFor(
    async () => {
      const res = await send();
      expect(res.statusCode).toBe(503);
      return res;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Holds the event loop for `ms`, as a long synchronous computation would. */
function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: nothing else runs in this process meanwhile
  }
}

/** Lets every timer already due run (the pressure sampler among them) before going on. */
const afterDueTimers = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('under pressure', () => {
  it('refuses requests past the heap bound, API and pages alike; lets the health check and the app code through', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body>SPA</body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'screen-abc123.js'), 'export default 1;');
    const t = await createTestApp({ env: { MAX_HEAP_USED_MB: '1' }, webDistDir: dist });
    try {
      const refused = await refusedSoon(() => t.app.inject({ url: '/api/home' }));
      expectRefused(refused, 'API');
      expectRefused(await t.app.inject({ url: '/how-it-works' }), 'page');
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'a@b.c', password: 'x' },
        }),
        'write',
      );
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
      // A page already loading still gets its code; its API calls say Kept is busy.
      const code = await t.app.inject({ url: '/assets/screen-abc123.js' });
      expect(code.statusCode).toBe(200);
      expect(code.body).toBe('export default 1;');
      expectRefused(await t.app.inject({ method: 'POST', url: '/assets/screen-abc123.js' }), 'not a GET');
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses requests once the event loop was held past its bound, and serves again after', async () => {
    const t = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '200' } });
    try {
      expect((await t.app.inject({ url: '/api/home' })).statusCode).toBe(200);
      // The first hold makes the sampler overdue; it samples (and starts a new second) before the
      // timer below. The second hold fills that new second: its mean delay is far past 200 ms.
      blockEventLoop(1_100);
      await afterDueTimers();
      blockEventLoop(1_500);
      await afterDueTimers();
      expectRefused(await t.app.inject({ url: '/api/home' }), 'held loop');
      await vi.waitFor(async () => expect((await t.app.inject({ url: '/api/home' })).statusCode).toBe(200), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      await t.close();
    }
  });

  it('refuses requests while the database does not answer; the health route says so itself', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/api/home' })).statusCode).toBe(200);
      await t.database.drop();
      expectRefused(await refusedSoon(() => t.app.inject({ url: '/api/home' })), 'database down');
      expectRefused(await t.app.inject({ url: '/' }), 'page, database down');
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'error', database: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});

describe('the statement timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '200' } });
    const db = t.database.db;
    t.app.get('/api/test/slow-pool', async () => (await t.database.pool.query('select pg_sleep(2)')).rows);
    t.app.get('/api/test/slow-drizzle', async () => (await db.execute(sql`select pg_sleep(2)`)).rows);
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is set on the pool's connections", async () => {
    const { rows } = await t.database.pool.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows[0]!.statement_timeout).toBe('200ms');
  });

  it('cuts a slow statement, answered 503 with Retry-After, through pg and through drizzle', async () => {
    for (const url of ['/api/test/slow-pool', '/api/test/slow-drizzle']) {
      const started = performance.now();
      const res = await t.app.inject({ url });
      expectRefused(res, url);
      expect(performance.now() - started, url).toBeLessThan(1_900);
    }
    // The connections it used serve the next requests.
    for (let i = 0; i < 12; i += 1) expect((await t.app.inject({ url: '/api/home' })).statusCode).toBe(200);
  });

  it('does not cut migrations waiting for another instance to finish its own', async () => {
    const database = connectDatabase(t.database.url, 2, 5_000, 100);
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(727274)');
      const migrating = runMigrations(database);
      // The other instance holds the migration lock three times the statement timeout.
      await holder.query('select pg_sleep(0.3)');
      await holder.query('select pg_advisory_unlock(727274)');
      await expect(migrating).resolves.toBeUndefined();
      const { rows } = await database.pool.query<{ statement_timeout: string }>('show statement_timeout');
      expect(rows[0]!.statement_timeout).toBe('100ms');
    } finally {
      await holder.end();
      await database.close();
    }
  });
});

describe('a request that waits too long for a connection', () => {
  it('is answered 503 with Retry-After, not 500', async () => {
    const own = await createTestApp();
    // One connection, given up on after 100 ms of waiting.
    const tiny = connectDatabase(own.database.url, 1, 100);
    const database: TestDatabase = { ...tiny, url: own.database.url, drop: () => tiny.close() };
    const t = await createTestApp({ database });
    try {
      await t.app.ready();
      const held = await tiny.pool.connect();
      try {
        expectRefused(
          await t.app.inject({ url: '/api/home', headers: { 'cache-control': 'no-cache' } }),
          'no free connection',
        );
      } finally {
        held.release();
      }
    } finally {
      await t.close();
      await tiny.close();
      await own.close();
    }
  });
});

describe('isDatabaseOverload', () => {
  const withCode = (code: string) => Object.assign(new Error('db'), { code });
  it('knows a cancelled statement, a full server, a pool wait and a slow new connection, also wrapped; nothing else', () => {
    expect(isDatabaseOverload(withCode('57014'))).toBe(true);
    expect(isDatabaseOverload(withCode('53300'))).toBe(true);
    expect(isDatabaseOverload(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A new connection not set up within the wait (pg-pool wraps the driver's error).
    expect(
      isDatabaseOverload(
        new Error('Connection terminated due to connection timeout', { cause: new Error('ended') }),
      ),
    ).toBe(true);
    expect(isDatabaseOverload(new Error('query failed', { cause: withCode('57014') }))).toBe(true);
    expect(isDatabaseOverload(withCode('23505'))).toBe(false);
    expect(isDatabaseOverload(withCode('40001'))).toBe(false);
    expect(isDatabaseOverload(new Error('boom'))).toBe(false);
    expect(isDatabaseOverload('57014')).toBe(false);
  });
});

describe('overloadLogger', () => {
  it('logs the first refusal at once, then at most one line a second with the count since the last', () => {
    let now = 10_000;
    const lines: { refused: number }[] = [];
    const log = { warn: (fields: { refused: number }) => lines.push(fields) } as unknown as FastifyBaseLogger;
    const note = overloadLogger(() => now);
    note(log, new Error('timeout exceeded when trying to connect'));
    for (let i = 0; i < 500; i += 1) {
      now += 1;
      note(log, new Error('timeout exceeded when trying to connect'));
    }
    expect(lines.map((line) => line.refused)).toEqual([1]);
    now += 600; // a second after the first line
    note(log, new Error('timeout exceeded when trying to connect'));
    expect(lines.map((line) => line.refused)).toEqual([1, 501]);
  });
});
