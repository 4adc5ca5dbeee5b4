// The card refund's and the payout's states (decision 024): a typed column each (refund_status,
// payout_status), written only by settlement's queries, matching what the ledger booked; `state` is
// derived by the database. Migration 0017 backfilled them from the rows as the code read them before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { ledgerProblems } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject, donate } from './support/projects.ts';
import { withDatabase } from './support/urls.ts';
import { createUser } from './support/users.ts';

describe('a settled project', () => {
  const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const owner = await createUser(t.app, { timezone: 'UTC' });
    // $50 deposit, 30 days, weekly, only the automatic check-in: t = 5, m = 4. With $800.00 of
    // donation shares P = $850.00, R = $170.00: $50.00 back to the card, $120.00 paid out.
    ({ projectId } = await createPaidProject(t.app, { owner, draft: { title: 'States' } }));
    await donate(t.app, projectId, { amountCents: 100_000, donorName: 'Ada' });
    clock.set(new Date('2026-03-31T14:00:00Z'));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
  });
  afterAll(async () => {
    await t.close();
  });
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query(text, values)).rows as T[];

  it('has refund and payout states that match the ledger', async () => {
    expect(
      await q(
        `select refund_status, payout_status, state, refund_to_card_cents, payout_cents, payout_paid_cents
           from settlements where project_id = $1`,
        [projectId],
      ),
    ).toEqual([
      {
        refund_status: 'refunded',
        payout_status: 'paid',
        state: 'refunded',
        refund_to_card_cents: 5_000,
        payout_cents: 12_000,
        payout_paid_cents: 12_000,
      },
    ]);
    expect(
      await q(
        `select t.kind, sum(e.amount_cents)::int as cents
           from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
           join ledger_accounts a on a.id = e.account_id
          where t.project_id = $1 and a.code = 'card' and t.kind like 'settlement_%'
          group by t.kind order by t.kind`,
        [projectId],
      ),
    ).toEqual([
      { kind: 'settlement_payout_paid', cents: 12_000 },
      { kind: 'settlement_refund', cents: 5_000 },
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('is reported by the ledger invariants when a state says other than the ledger', async () => {
    class Rollback extends Error {
      readonly found: string[];
      constructor(found: string[]) {
        super('rollback');
        this.found = found;
      }
    }
    for (const change of [
      `refund_status = 'failed'`,
      `payout_status = 'pending'`,
      `refund_status = 'pending'`,
    ]) {
      const problems = await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update settlements set ${sql.raw(change)} where project_id = ${projectId}`);
          throw new Rollback(await ledgerProblems(tx));
        })
        .catch((err: unknown) => {
          if (err instanceof Rollback) return err.found;
          throw err;
        });
      expect(problems, change).toEqual([expect.stringContaining(`settlement of project ${projectId}`)]);
    }
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('has a state no one can write: the database derives it', async () => {
    await expect(
      q(`update settlements set state = 'failed' where project_id = $1`, [projectId]),
    ).rejects.toThrow(/state/);
    await expect(
      q(`update settlements set refund_status = 'settled' where project_id = $1`, [projectId]),
    ).rejects.toThrow(/settlement_refund_status/);
  });
});

describe('migration 0017', () => {
  const admin = inject('adminUrl');
  const name = `kept_t_${crypto.randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  let before: string;
  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
    pool = new pg.Pool({ connectionString: withDatabase(admin, name), max: 2 });
    pool.on('error', () => {});
    // Every migration before 0017, from a copy of the folder whose journal stops there.
    before = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-migrations-'));
    fs.cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 17);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    await runWorkerMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
    await migrate(drizzle({ client: pool }), { migrationsFolder: before });
  });
  afterAll(async () => {
    await pool.end();
    fs.rmSync(before, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  it('backfills refund_status and payout_status as the code derived them, and derives the same state', async () => {
    // Settlement rows as the code before 0017 left them (parents left out: no foreign key checks).
    const rows: [
      label: string,
      state: string,
      toCard: number,
      payout: number,
      paid: number,
      payoutStatus: string,
      refundId: string | null,
      refunded: boolean,
    ][] = [
      ['a', 'pending', 1_000, 0, 0, 'none', null, false],
      ['b', 'refunding', 1_000, 500, 0, 'pending', null, false],
      ['c', 'failed', 1_000, 500, 500, 'paid', null, false],
      ['d', 'refunded', 0, 0, 0, 'none', null, true],
      ['e', 'payout_pending', 0, 700, 0, 'pending', null, true],
      ['f', 'refunded', 1_000, 0, 0, 'none', 're_f', false],
      ['g', 'refunded', 1_000, 0, 0, 'none', 're_g', true],
      ['h', 'payout_pending', 1_000, 500, 0, 'pending', 're_h', true],
      ['i', 'payout_pending', 1_000, 500, 0, 'pending', 're_i', false],
    ];
    const ids = new Map<string, string>();
    const client = await pool.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      for (const [label, state, toCard, payout, paid, payoutStatus, refundId, refunded] of rows) {
        const id = crypto.randomUUID();
        ids.set(id, label);
        await client.query(
          `insert into settlements (project_id, user_id, state, pool_cents, deposit_cents, total_checkins,
             missed_checkins, refund_cents, forfeit_cents, refund_to_card_cents, payout_cents, payout_paid_cents,
             payment_intent_id, refund_key, refund_id, refunded_at, payout_status, settled_at)
           values ($1, 'u', $2, $3, 1000, 5, 0, $3, 0, $4, $5, $6, 'pi', 'k', $7, $8, $9, now())`,
          [
            id,
            state,
            toCard + payout,
            toCard,
            payout,
            paid,
            refundId,
            refunded ? new Date() : null,
            payoutStatus,
          ],
        );
      }
    } finally {
      client.release(true);
    }
    const old = (
      await pool.query<{ project_id: string; state: string }>('select project_id, state from settlements')
    ).rows;

    await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });

    const { rows: after } = await pool.query<{
      project_id: string;
      refund_status: string;
      payout_status: string;
      state: string;
    }>('select project_id, refund_status, payout_status, state from settlements');
    const byLabel = Object.fromEntries(
      after.map((r) => [ids.get(r.project_id), `${r.refund_status}/${r.payout_status}`]),
    );
    expect(byLabel).toEqual({
      a: 'pending/none',
      b: 'refunding/pending',
      c: 'failed/paid',
      d: 'none/none',
      e: 'none/pending',
      f: 'processing/none',
      g: 'refunded/none',
      h: 'refunded/pending',
      i: 'processing/pending',
    });
    // The derived state is the one each row had.
    expect(Object.fromEntries(after.map((r) => [r.project_id, r.state]))).toEqual(
      Object.fromEntries(old.map((r) => [r.project_id, r.state])),
    );
  });
});
