import path from 'node:path';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Database = {
  db: Db;
  pool: pg.Pool;
  /**
   * Connections only for recording what a payment provider has already done (a charge, a failure), so
   * that a charged card's record never waits behind visitors' reads for a connection (decision 055).
   */
  payments: { db: Db; pool: pg.Pool };
  close: () => Promise<void>;
};

// bigint columns come back as strings by default; every bigint we store (cents, ids) fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A DATE is a local calendar date ('YYYY-MM-DD'); never turn it into an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * Two pools on one database: `poolSize` connections for everything, and `paymentsPoolSize` more for
 * recording payment outcomes (Database.payments). Connections open on first use (or all at once with
 * openPooledConnections) and then stay open. `acquireTimeoutMs`: how long a query may wait for a free
 * connection, or for a new one to be set up, before failing. `statementTimeoutMs`: PostgreSQL cancels
 * a statement (lock waits included) running longer, on every connection (0: no limit). Both failures
 * mean the database is overloaded, and the app answers them 503 (http/overload.ts).
 */
export function connectDatabase(
  url: string,
  poolSize = 10,
  acquireTimeoutMs = 5_000,
  statementTimeoutMs = 0,
  paymentsPoolSize = 2,
): Database {
  const open = (max: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // pg-pool closes a connection idle for 10 s unless the pool is at `min`: none is closed. A new
      // connection costs a backend and a password exchange (about 20 ms), plans the named statements
      // again, and under load may not be set up within the wait: a burst after a quiet spell would
      // then be refused (decision 057).
      min: max,
      connectionTimeoutMillis: acquireTimeoutMs,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    });
    pool.on('error', () => {}); // idle client errors (e.g. the server restarting) must not crash the app
    // Nor may a checked-out client's lost connection: its next query fails instead.
    pool.on('connect', (client) => client.on('error', () => {}));
    return { db: drizzle({ client: pool, schema }) as Db, pool };
  };
  const main = open(poolSize);
  const payments = open(paymentsPoolSize);
  return {
    ...main,
    payments,
    close: async () => {
      await Promise.all([main.pool.end(), payments.pool.end()]);
    },
  };
}

/** How long openPooledConnections keeps trying before the database counts as unreachable. */
const OPEN_CONNECTIONS_DEADLINE_MS = 30_000;
/** The pause after a failed attempt of openPooledConnections. */
const OPEN_CONNECTIONS_RETRY_MS = 100;

/**
 * Opens every connection of both pools before the app serves, so that its first requests find them
 * ready instead of each setting one up. An attempt has the pool's own wait, like any request's; one that
 * fails (a database just started or busy, a new backend slow to start) is tried again until the
 * deadline, which also lets the app start while its database is still starting. Connections are opened
 * one at a time: set up together, they compete for the CPU, and each could miss the wait.
 */
export async function openPooledConnections(
  database: Database,
  deadlineMs = OPEN_CONNECTIONS_DEADLINE_MS,
): Promise<void> {
  const giveUpAt = performance.now() + deadlineMs;
  const fill = async (pool: pg.Pool): Promise<void> => {
    const size = pool.options.max;
    // Every connection is held until all are open: a released one would be handed to the next attempt
    // instead of a new one being made.
    const held: pg.PoolClient[] = [];
    try {
      while (held.length < size) {
        try {
          held.push(await pool.connect());
        } catch (err) {
          if (performance.now() >= giveUpAt)
            throw new Error(`${held.length} of ${size} database connections open after ${deadlineMs} ms`, {
              cause: err,
            });
          await new Promise((resolve) => setTimeout(resolve, OPEN_CONNECTIONS_RETRY_MS));
        }
      }
    } finally {
      for (const client of held) client.release();
    }
  };
  await fill(database.pool);
  await fill(database.payments.pool);
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** Errors of graphile-worker's migrations are thrown; its chatter is not wanted here. */
const quietLogger = new Logger(() => () => {});

/**
 * Apply pending migrations: graphile-worker's schema (`graphile_worker`, its own migrations) first, since
 * ours may use it, then ours. An advisory lock keeps several instances booting at once from racing. The
 * wait for that lock and the migrations themselves may take longer than the pool's statement timeout:
 * it is lifted on this connection, and the connection closed afterwards rather than reused.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(727274)');
    await runWorkerMigrations({ pgPool: database.pool, logger: quietLogger });
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release(true);
  }
}

/**
 * `work` on one pooled connection inside BEGIN … COMMIT, rolled back when it throws. For hot write
 * paths written in plain parameterised SQL.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch((rollbackErr: unknown) => {
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    });
    throw err;
  } finally {
    client.release(broken); // a connection that cannot roll back is closed, not reused
  }
}
