// Two workers (each with its own connection pool, as two app instances would have) on one database
// settle 1,000 ended projects at the same time: every project is settled exactly once — one card
// refund at the provider, one booking of each part — and the books add up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../src/adapters/email/mailer.ts';
import type { RefundInput } from '../src/adapters/payments/provider.ts';
import { createSimulatedProvider } from '../src/adapters/payments/simulated.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { createJobs, type JobsModule } from '../src/jobs/index.ts';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { manualClock } from './support/clock.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { seedProjects, seedUser } from './support/seeded-projects.ts';

const PROJECTS = 1_000;
const NOW = new Date('2026-03-01T12:00:00Z');
const clock = manualClock(NOW);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

type Worker = {
  database: Database;
  mailer: Mailer;
  jobs: JobsModule;
  refunds: RefundInput[];
  outbox: string;
};

let db: TestDatabase;
const workers: Worker[] = [];

function startWorker(url: string): Worker {
  const database = connectDatabase(url, 6);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-worker-'));
  const mailer = createMailer({ from: 'Kept <no-reply@kept.local>', outboxDir: outbox, log: quiet });
  const simulated = createSimulatedProvider(database.db);
  const refunds: RefundInput[] = [];
  const provider = {
    ...simulated,
    refund: async (input: RefundInput) => {
      refunds.push(input);
      return simulated.refund(input);
    },
  };
  const jobs = createJobs({
    db: database.db,
    clock,
    log: quiet,
    mailer,
    provider,
    baseUrl: 'http://localhost:3000',
  });
  return { database, mailer, jobs, refunds, outbox };
}

beforeAll(async () => {
  db = await createTestDatabase();
  const users = Array.from({ length: 20 }, () => seedUser());
  // Created between 2026-01-01 and 2026-01-20, 7 to 36 days long: all ended (and past the grace) by NOW.
  await seedProjects(db.pool, {
    users,
    now: new Date('2026-01-01T00:00:00Z'),
    projects: Array.from({ length: PROJECTS }, (_, i) => ({
      userId: users[i % users.length]!.id,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 20), 10)),
      lengthDays: 7 + (i % 30),
      frequencyDays: 1 + (i % 3),
      depositCents: 1_000 + 137 * i,
      donationsCents: i % 4 === 0 ? [2_500, 999] : [],
    })),
  });
  workers.push(startWorker(db.url), startWorker(db.url));
}, 180_000);

afterAll(async () => {
  for (const w of workers) {
    await w.jobs.stop();
    w.mailer.close();
    await w.database.close();
    fs.rmSync(w.outbox, { recursive: true, force: true });
  }
  await db.drop();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.pool.query(text, values)).rows as T[];

describe('two workers on one database', () => {
  it(
    'settle 1,000 ended projects, each exactly once',
    async () => {
      const [a, b] = workers as [Worker, Worker];
      const summaries = await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);

      // Both took part, and between them every settlement ran its refund once.
      expect(a.refunds.length).toBeGreaterThan(0);
      expect(b.refunds.length).toBeGreaterThan(0);
      const keys = [...a.refunds, ...b.refunds].map((r) => r.idempotencyKey);
      expect(keys).toHaveLength(PROJECTS);
      expect(new Set(keys).size).toBe(PROJECTS);
      expect(summaries[0].ticks + summaries[1].ticks).toBe(PROJECTS);

      const states = await q<{ state: string; n: number }>(
        'select state, count(*)::int as n from settlements group by state',
      );
      expect(states).toEqual([{ state: 'refunded', n: PROJECTS }]);
      expect(
        await q(`select project_status, count(*)::int as n from projects group by project_status`),
      ).toEqual([{ project_status: 'settled', n: PROJECTS }]);

      // The processor refunded each deposit's card once, by the settlement's amount.
      const intents = await q<{ n: number; refunded: number; expected: number }>(
        `select jsonb_array_length(i.refunds)::int as n, i.amount_refunded_cents as refunded,
                s.refund_to_card_cents as expected
           from settlements s join simulated_payment_intents i on i.id = s.payment_intent_id`,
      );
      expect(intents).toHaveLength(PROJECTS);
      expect(intents.filter((r) => r.n !== 1 || r.refunded !== r.expected)).toEqual([]);

      // One booking per part per project; every pool is empty; P = refund + payout + forfeit.
      const bookings = await q<{ key: string; n: number }>(
        `select split_part(idempotency_key, ':', 3) as key, count(*)::int as n from ledger_transactions
          where idempotency_key like 'settlement:%' group by 1 order by 1`,
      );
      const byKind = Object.fromEntries(bookings.map((r) => [r.key, r.n]));
      expect(byKind.refund).toBe(PROJECTS);
      expect(byKind.forfeit).toBeLessThanOrEqual(PROJECTS);
      expect(byKind.payout).toBe(byKind['payout-paid']);
      const duplicates = await q(
        `select project_id, idempotency_key from ledger_transactions where idempotency_key like 'settlement:%'
          group by project_id, idempotency_key having count(*) > 1`,
      );
      expect(duplicates).toEqual([]);
      const sums = await q<{ id: string; pool: number; refunded: number; paid: number; forfeited: number }>(
        `select s.project_id as id, s.pool_cents as pool,
                coalesce(sum(e.amount_cents) filter (where a.code = 'card' and t.idempotency_key like '%:refund'), 0)::bigint as refunded,
                coalesce(sum(e.amount_cents) filter (where a.code = 'card' and t.idempotency_key like '%:payout-paid:%'), 0)::bigint as paid,
                coalesce(sum(e.amount_cents) filter (where a.code = 'charity'), 0)::bigint as forfeited
           from settlements s
           join ledger_transactions t on t.project_id = s.project_id and t.idempotency_key like 'settlement:%'
           join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          group by s.project_id, s.pool_cents`,
      );
      expect(sums).toHaveLength(PROJECTS);
      expect(sums.filter((s) => s.refunded + s.paid + s.forfeited !== s.pool)).toEqual([]);
      const [pools] = await q<{ total: number }>(
        `select coalesce(sum(e.amount_cents), 0)::bigint as total from ledger_entries e
           join ledger_accounts a on a.id = e.account_id where a.kind = 'project_pool'`,
      );
      expect(pools!.total).toBe(0);
      await assertLedgerInvariants(db.db);

      // Every settle job ran to completion (none is left, none failed); each owner got one settlement
      // email per project.
      expect((summaries[0].ran.settle ?? 0) + (summaries[1].ran.settle ?? 0)).toBeGreaterThanOrEqual(
        PROJECTS,
      );
      expect(await q(`select count(*)::int as n from graphile_worker.jobs`)).toEqual([{ n: 0 }]);
      expect(await q(`select count(*)::int as n from notifications where kind = 'settlement'`)).toEqual([
        { n: PROJECTS },
      ]);
      const delivered = workers.reduce(
        (n, w) => n + fs.readdirSync(w.outbox).filter((f) => f.endsWith('.eml')).length,
        0,
      );
      expect(delivered).toBe(PROJECTS);

      // And nothing is left to do, for either of them.
      const again = await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
      expect(again.map((s) => s.jobs + s.ticks)).toEqual([0, 0]);
    },
    15 * 60_000,
  );
});
