// The pooled connections: all opened before the app serves, and kept open while idle, so that a burst
// after a quiet spell finds them ready instead of setting new ones up under load (decision 057).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, openPooledConnections, type Database } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

let owner: TestDatabase;
beforeAll(async () => {
  owner = await createTestDatabase();
});
afterAll(async () => {
  await owner.drop();
});

/** The backend of each of the pool's `size` connections, all checked out at once. */
async function backendPids(pool: pg.Pool, size: number): Promise<Set<number>> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  try {
    const pids = await Promise.all(
      clients.map(
        async (client) =>
          (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      ),
    );
    return new Set(pids);
  } finally {
    for (const client of clients) client.release();
  }
}

describe('the pooled connections', () => {
  let database: Database;
  beforeAll(() => {
    // Three connections and two for payments, each waited for at most 100 ms as in production.
    database = connectDatabase(owner.url, 3, 100, 0, 2);
  });
  afterAll(async () => {
    await database.close();
  });

  it('are all opened before serving, in both pools', async () => {
    expect(database.pool.totalCount).toBe(0);
    await openPooledConnections(database);
    expect(database.pool.totalCount).toBe(3);
    expect(database.pool.idleCount).toBe(3);
    expect(database.payments.pool.totalCount).toBe(2);
    expect(database.payments.pool.idleCount).toBe(2);
  });

  it('stay open while idle, past the time pg-pool closes idle connections', async () => {
    await openPooledConnections(database);
    // pg-pool's idle timer is set when a connection is given back: time is faked from before then.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let before: Set<number>;
    try {
      before = await backendPids(database.pool, 3);
      vi.advanceTimersByTime(60_000); // six times pg-pool's idle timeout
    } finally {
      vi.useRealTimers();
    }
    expect(database.pool.totalCount).toBe(3);
    expect(await backendPids(database.pool, 3)).toEqual(before);
  });
});

describe('opening the pooled connections of a database that does not answer', () => {
  it('keeps trying until its deadline, then fails naming how many opened', async () => {
    // Nothing listens on port 1: every attempt is refused at once.
    const unreachable = connectDatabase('postgres://kept@127.0.0.1:1/kept', 2, 100, 0, 1);
    try {
      const started = performance.now();
      await expect(openPooledConnections(unreachable, 300)).rejects.toThrow(
        /^0 of 2 database connections open after 300 ms$/,
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      await unreachable.close();
    }
  });
});
