import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError, createRateLimiter, storedKey } from '../src/modules/rate-limit/limiter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createUser, signIn } from './support/users.ts';

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
  it('stops repeated sign-in attempts for one email with a 429, a retry time, and recovers after the window', async () => {
    const u = await createUser(a.app, { email: 'limited@example.com' }); // its sign-in is attempt 1 of 10
    for (let i = 0; i < 9; i++) {
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

  it('shares the limit between two app instances on one database', async () => {
    const u = await createUser(a.app, { email: 'shared@example.com' }); // attempt 1 of 10
    for (let i = 0; i < 9; i++) {
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
});
