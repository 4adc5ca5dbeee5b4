import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/client.ts';
import { withDatabase } from './urls.ts';

export type TestDatabase = Database & { url: string; drop: () => Promise<void> };

/**
 * A fresh, migrated database of this test file's own, cloned from the run's template; its pool's
 * statements bounded by `statementTimeoutMs` (none by default).
 */
export async function createTestDatabase(opts: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminUrl');
  const name = `kept_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject('templateDb')}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  // Tests share two busy cores: let a query wait for a connection rather than fail for want of one.
  const database = connectDatabase(url, 10, 60_000, opts.statementTimeoutMs);
  let dropped = false;
  return {
    ...database,
    url,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => {});
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
