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
 * recording payment outcomes (Database.payments). Connections open on first use. `acquireTimeoutMs`: how
 * long a query may wait for a free connection before failing. `statementTimeoutMs`: PostgreSQL cancels
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
