import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  RateLimitedError,
  createRateLimiter,
  storedKey,
  type Limit,
  type RateLimiter,
} from '../src/modules/rate-limit/limiter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import type { LightMyRequestResponse } from 'fastify';
import { createUser } from './support/users.ts';

/** A sign-in from `ip` (default: the test client's), with a Cookie header when one is given. */
const signIn = (app: TestApp['app'], email: string, password: string, ip?: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The known-device cookie a successful sign-in sets, as a Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith('kept.known_device='));
  if (!line) throw new Error('no known-device cookie');
  return line.split(';')[0]!;
}

const clock = manualClock();
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ clock });
  b = await createTestApp({ clock, database: a.database }); // a second instance on the same database
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('rate limits', () => {
  it('locks an email after 10 failed sign-ins with a 429 and a retry time, and recovers after the window', async () => {
    const u = await createUser(a.app, { email: 'limited@example.com' });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(a.app, u.email, 'wrong-password')).statusCode).toBe(401);
    }
    const limited = await signIn(a.app, u.email, u.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(limited.headers['retry-after'])).toBe(900);

    clock.advance(10 * 60_000);
    const later = await signIn(a.app, u.email, u.password);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(300);

    clock.advance(5 * 60_000);
    expect((await signIn(a.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('counts failures only: correct sign-ins never lock anyone out, and one resets the count', async () => {
    const u = await createUser(a.app, { email: 'regular@example.com' });
    // Twelve correct sign-ins from one address, then nine mistakes: still allowed.
    for (let i = 0; i < 12; i++) {
      expect((await signIn(a.app, u.email, u.password, '10.9.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < 9; i++) {
      expect((await signIn(a.app, u.email, 'wrong-password', '10.9.0.1')).statusCode).toBe(401);
    }
    // A success forgets the nine failures: ten more mistakes are needed for a lockout.
    expect((await signIn(a.app, u.email, u.password, '10.9.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(a.app, u.email, 'wrong-password', '10.9.0.2')).statusCode).toBe(401);
    }
    expect((await signIn(a.app, u.email, u.password, '10.9.0.2')).statusCode).toBe(429);
  });

  it("counts a client address's failures only: 35 correct sign-ins from one address all pass", async () => {
    const u = await createUser(a.app, { email: 'busy-office@example.com' });
    for (let i = 0; i < 35; i++) {
      expect((await signIn(a.app, u.email, u.password, '10.9.1.1')).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('a stranger who locks an email out does not lock out its owner on a device that signed in before', async () => {
    const owner = await createUser(a.app, { email: 'targeted@example.com' });
    const device = deviceCookie(await signIn(a.app, owner.email, owner.password));
    for (let i = 0; i < 10; i++) {
      expect((await signIn(a.app, owner.email, 'guess-' + i, '10.9.2.1')).statusCode).toBe(401);
    }
    // The attacker, or any browser new to the account, is stopped, even with the right password…
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.1')).statusCode).toBe(429);
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.2')).statusCode).toBe(429);
    // …a known device of another account, or a forged one, does not help…
    const stranger = await createUser(a.app, { email: 'stranger@example.com' });
    const strangersDevice = deviceCookie(await signIn(a.app, stranger.email, stranger.password));
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.1', strangersDevice)).statusCode).toBe(
      429,
    );
    const forged = device.replace(/\.[^.]+$/, '.AAAA');
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.1', forged)).statusCode).toBe(429);
    // …but the owner's own browser signs in.
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.3', device)).statusCode).toBe(200);
    // The known device has a count of its own: ten mistakes there stop that device too.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(a.app, owner.email, 'typo-' + i, '10.9.2.3', device)).statusCode).toBe(401);
    }
    expect((await signIn(a.app, owner.email, owner.password, '10.9.2.3', device)).statusCode).toBe(429);
  });

  it('shares the limit between two app instances on one database', async () => {
    const u = await createUser(a.app, { email: 'shared@example.com' });
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      expect((await signIn(app, u.email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await signIn(b.app, u.email, u.password)).statusCode).toBe(429);
    expect((await signIn(a.app, u.email, u.password)).statusCode).toBe(429);
  });

  it('limits password reset requests per email without revealing anything', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await b.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.com' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts a very long key by its hash, so no key can overflow the index', async () => {
    const limiter = createRateLimiter(a.database.db, clock);
    const long = `test:${'x'.repeat(10_000)}`;
    const limit = { key: long, max: 2, windowMs: 60_000 };
    await limiter.consume(limit);
    await limiter.consume(limit);
    await expect(limiter.consume(limit)).rejects.toBeInstanceOf(RateLimitedError);
    const { rows } = await a.database.pool.query<{ key: string; count: number }>(
      'select key, count from rate_limits where key = $1',
      [storedKey(long)],
    );
    expect(rows).toEqual([{ key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), count: 3 }]);
    expect(storedKey('login:ip:1.2.3.4')).toBe('login:ip:1.2.3.4');
  });

  it('counts several limits of one call, each in its own window, and gives them back', async () => {
    const limiter = createRateLimiter(a.database.db, clock);
    const short = { key: 'test:many:short', max: 2, windowMs: 60_000 };
    const long = { key: 'test:many:long', max: 5, windowMs: 3_600_000 };
    expect(await limiter.consume(long, short)).toEqual([1, 1]);
    expect(await limiter.consume(long, short)).toEqual([2, 2]);
    // The short window is full: the call is refused with the short window's wait, yet both were counted.
    const refused = await limiter.consume(long, short).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(60);
    expect(await limiter.peek(long)).toBe(3);
    await limiter.release(long, short);
    expect([await limiter.peek(long), await limiter.peek(short)]).toEqual([2, 2]);
    await expect(limiter.check(short, long)).rejects.toBeInstanceOf(RateLimitedError);
    // Once the short window has passed, only the long one still holds its attempts.
    clock.advance(61_000);
    await expect(limiter.check(short, long)).resolves.toBeUndefined();
    expect(await limiter.record(short, long)).toEqual([1, 3]);
  });

  it('counts a limit named twice in one call twice', async () => {
    const limiter = createRateLimiter(a.database.db, clock);
    const limit = { key: 'test:twice', max: 10, windowMs: 60_000 };
    expect(await limiter.record(limit, limit)).toEqual([1, 2]);
    await limiter.release(limit, limit);
    expect(await limiter.peek(limit)).toBe(0);
  });

  it('counts every attempt of concurrent calls naming the same limits in either order', async () => {
    const limiter = createRateLimiter(a.database.db, clock);
    const x = { key: 'test:concurrent:x', max: 1_000, windowMs: 60_000 };
    const y = { key: 'test:concurrent:y', max: 1_000, windowMs: 60_000 };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? limiter.record(x, y) : limiter.record(y, x))),
    );
    expect([await limiter.peek(x), await limiter.peek(y)]).toEqual([40, 40]);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => limiter.release(...(i % 2 === 0 ? [x, y] : [y, x]))),
    );
    expect([await limiter.peek(x), await limiter.peek(y)]).toEqual([0, 0]);
  });

  // A count takes its rows in key order; giving back or clearing in another order could deadlock with it.
  for (const [what, change] of [
    ['gives back', (l: RateLimiter, ...limits: Limit[]) => l.release(...limits)],
    ['clears', (l: RateLimiter, ...limits: Limit[]) => l.clear(...limits)],
  ] as const) {
    it(`${what} limits in key order, whatever order their rows are stored in`, async () => {
      // Joins read by hash, as the planner does for a small table: rows come in the file's order.
      const byHash = new pg.Pool({
        connectionString: a.database.url,
        options: '-c enable_nestloop=off -c enable_mergejoin=off',
      });
      onTestFinished(() => byHash.end());
      const limiter = createRateLimiter({ $client: byHash } as unknown as Db, clock);
      const first = { key: `test:order:${what}:a`, max: 10, windowMs: 60_000 };
      const second = { key: `test:order:${what}:b`, max: 10, windowMs: 60_000 };
      // b's row is written before a's, and a's again after: the table's file holds b first.
      await limiter.record(second);
      await limiter.record(first);
      await limiter.record(first);
      const holder = await a.database.pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from rate_limits where key = $1 for update', [first.key]);
        const changing = change(limiter, second, first);
        await vi.waitFor(async () => {
          const { rows } = await a.database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows[0]!.n).toBe(1);
        });
        // Waiting for a's row, it holds no other: b's is free.
        await holder.query('select 1 from rate_limits where key = $1 for update nowait', [second.key]);
        await holder.query('commit');
        await changing;
      } finally {
        await holder.query('rollback').catch(() => {}); // when the test failed before its commit
        holder.release();
      }
      expect(await limiter.peek(second)).toBe(0);
    });
  }
});
