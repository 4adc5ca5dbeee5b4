// The shared cache of anonymous answers (lru-cache): a stampede of visitors missing one entry costs one
// computation, entries live SHARED_CACHE_MS on the app's clock, failures are not kept, and the cache is
// bounded.
import { describe, expect, it } from 'vitest';
import { createSharedCache } from '../src/modules/browse/cache.ts';
import { SHARED_CACHE_MS } from '../src/modules/browse/deps.ts';
import { createTestApp } from './support/app.ts';
import { get, insertProject, insertUser } from './support/browse.ts';
import { manualClock } from './support/clock.ts';

/** A computation the test finishes when it wants, counting how often it was started. */
function gatedCompute<T>(value: T) {
  let started = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    compute: async () => {
      started += 1;
      await gate;
      return value;
    },
    open,
    started: () => started,
  };
}

describe('createSharedCache', () => {
  it('computes once for any number of concurrent misses of a key, and shares the value', async () => {
    const cache = createSharedCache<{ n: number }>(manualClock(), { ttlMs: 3_000, maxEntries: 10 });
    const value = { n: 1 };
    const gated = gatedCompute(value);
    const waiting = Array.from({ length: 25 }, () => cache.get('home', gated.compute));
    gated.open();
    const answers = await Promise.all(waiting);
    expect(gated.started()).toBe(1);
    for (const answer of answers) expect(answer).toBe(value);
  });

  it('serves an entry for ttlMs on the clock it is given, then computes it again', async () => {
    const clock = manualClock();
    const cache = createSharedCache<{ v: string }>(clock, { ttlMs: 3_000, maxEntries: 10 });
    expect(await cache.get('k', async () => ({ v: 'first' }))).toEqual({ v: 'first' });
    clock.advance(2_999);
    expect(await cache.get('k', async () => ({ v: 'second' }))).toEqual({ v: 'first' });
    clock.advance(1);
    expect(await cache.get('k', async () => ({ v: 'second' }))).toEqual({ v: 'second' });
  });

  it('keeps no failure: every waiter gets it, the next ask computes again', async () => {
    const cache = createSharedCache<{ v: string }>(manualClock(), { ttlMs: 3_000, maxEntries: 10 });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('database gone');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => ({ v: 'back' }))).toEqual({ v: 'back' });
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = createSharedCache<{ v: string }>(manualClock(), { ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => ({ v: 'a1' }));
    await cache.get('b', async () => ({ v: 'b1' }));
    await cache.get('a', async () => ({ v: 'a2' })); // a is used again: b is now the oldest
    await cache.get('c', async () => ({ v: 'c1' }));
    expect(await cache.get('a', async () => ({ v: 'a3' }))).toEqual({ v: 'a1' });
    expect(await cache.get('b', async () => ({ v: 'b2' }))).toEqual({ v: 'b2' });
  });

  it('holds at most maxBytes of values', async () => {
    const cache = createSharedCache<{ json: Buffer }>(manualClock(), {
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 1_000,
      sizeOf: (value) => value.json.length,
    });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ({ json: Buffer.alloc(400) }));
    const again = await cache.get('a', async () => ({ json: Buffer.alloc(1) }));
    expect(again.json.length).toBe(1);
  });
});

describe('the home answer under a stampede', () => {
  it('asks the database once for any number of anonymous visitors missing it at once', async () => {
    const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
    const t = await createTestApp({ clock });
    try {
      const owner = await insertUser(t.database.pool);
      await insertProject(t.database.pool, {
        userId: owner.id,
        title: 'Stampede',
        createdAt: '2026-03-01T10:00:00Z',
        lengthDays: 60,
        refundableCents: 5_000,
      });
      await t.app.ready();
      const pool = t.database.pool;
      const query = pool.query;
      let statements = 0;
      // Every statement but the overload guard's database check (`select 1`, once a second).
      pool.query = ((...args: Parameters<typeof query>) => {
        if (args[0] !== 'select 1') statements += 1;
        return (query as (...a: unknown[]) => unknown).apply(pool, args);
      }) as typeof query;
      try {
        const stampede = await Promise.all(
          Array.from({ length: 30 }, () => get(t.app, '/api/home', { cached: true })),
        );
        expect(new Set(stampede.map((res) => res.statusCode))).toEqual(new Set([200]));
        expect(new Set(stampede.map((res) => res.body)).size).toBe(1);
        const forStampede = statements;
        // The same answer for one visitor, once the entry has expired: what a single miss costs.
        clock.advance(SHARED_CACHE_MS);
        statements = 0;
        expect((await get(t.app, '/api/home', { cached: true })).statusCode).toBe(200);
        expect(statements).toBeGreaterThan(0);
        expect(forStampede).toBe(statements);
      } finally {
        pool.query = query;
      }
    } finally {
      await t.close();
    }
  });
});
