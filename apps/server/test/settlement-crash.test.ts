// A settlement worker killed (SIGKILL, a real separate process) after the provider accepted the card
// refund and before the refund was booked. Its job stays locked by the dead worker until graphile-worker
// frees it (locked longer than 4 hours); another worker then runs the job again: the provider is asked
// with the same idempotency key and answers with the same refund, which is booked once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { recoverAfterDeadWorker, sentMail } from './support/jobs.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser } from './support/users.ts';

const WORKER = path.resolve(import.meta.dirname, 'support/settle-worker.ts');
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const AFTER_END = new Date('2026-04-01T00:00:00Z');
let t: TestApp;
let projectId: string;
const workerOutbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-worker-outbox-'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const owner = await createUser(t.app, { timezone: 'UTC' });
  // $50, 30 days, weekly, and no check-in after the automatic one: t = 5, m = 4, R = $10.00, F = $40.00.
  ({ projectId } = await createPaidProject(t.app, { owner, draft: { title: 'Crash test' } }));
  await t.app.jobs.runDue();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(workerOutbox, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const providerRefunds = async () =>
  (
    await q<{ refunds: { id: string; amountCents: number; idempotencyKey: string }[] }>(
      `select i.refunds from simulated_payment_intents i join projects p on p.payment_intent_id = i.id
        where p.id = $1`,
      [projectId],
    )
  )[0]!.refunds;
const refundBookings = () =>
  q(`select id from ledger_transactions where idempotency_key = $1`, [`settlement:${projectId}:refund`]);

function runWorker(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: string | null; output: string }> {
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, [WORKER], {
    env: {
      ...inherited,
      KEPT_WORKER_DB_URL: t.database.url,
      KEPT_WORKER_NOW: AFTER_END.toISOString(),
      KEPT_WORKER_OUTBOX: workerOutbox,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
}

describe('a settlement worker killed between the refund call and its booking', () => {
  it('dies after the provider refunded the card, leaving the settlement in refunding and nothing booked', async () => {
    const run = await runWorker({ KEPT_WORKER_CRASH: 'after-refund' });
    expect(run.signal, run.output).toBe('SIGKILL');
    expect(run.output).toContain('crashing after the refund call');
    expect(run.output).not.toContain('finished');

    const refunds = await providerRefunds();
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: 1_000, idempotencyKey: `settlement:${projectId}:refund` }),
    ]);
    expect(await refundBookings()).toEqual([]);
    const [s] = await q(
      'select state, attempts, refund_to_card_cents from settlements where project_id = $1',
      [projectId],
    );
    expect(s).toEqual({ state: 'refunding', attempts: 1, refund_to_card_cents: 1_000 });
    // The forfeit was booked when the numbers were frozen; the refund is still in the pool.
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(1_000);
    expect(await balanceOf(t.database.db, ACCOUNTS.charity)).toBe(4_000);
    await assertLedgerInvariants(t.database.db);
  });

  it('runs again on another worker: the same provider refund, booked exactly once, and the books add up', async () => {
    // The dead worker's lock is still on the job: no worker may run it meanwhile.
    const [job] = await q<{ locked_by: string | null; attempts: number }>(
      'select locked_by, attempts from graphile_worker.jobs where key = $1',
      [`settle:${projectId}`],
    );
    expect(job).toMatchObject({ attempts: 1, locked_by: expect.any(String) });
    clock.set(AFTER_END);
    expect((await t.app.jobs.runDue()).ran.settle).toBeUndefined();
    expect(await providerRefunds()).toHaveLength(1);

    await recoverAfterDeadWorker(t.database, { clock, mailer: t.mailer, task: 'settle' });

    const refunds = await providerRefunds();
    expect(refunds).toHaveLength(1);
    expect(await refundBookings()).toHaveLength(1);
    const [s] = await q<{ state: string; attempts: number; refund_id: string }>(
      'select state, attempts, refund_id from settlements where project_id = $1',
      [projectId],
    );
    expect(s).toMatchObject({ state: 'refunded', attempts: 2, refund_id: refunds[0]!.id });
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(0);
    const [p] = await q('select project_status, refundable_amount from projects where id = $1', [projectId]);
    expect(p).toEqual({ project_status: 'settled', refundable_amount: 5_000 });
    const card = await q<{ amount_cents: number }>(
      `select e.amount_cents from ledger_entries e join ledger_transactions tx on tx.id = e.transaction_id
         join ledger_accounts a on a.id = e.account_id
        where tx.project_id = $1 and a.code = 'card' and tx.idempotency_key like 'settlement:%'`,
      [projectId],
    );
    expect(card).toEqual([{ amount_cents: 1_000 }]);
    await assertLedgerInvariants(t.database.db);

    // Running again changes nothing.
    await t.app.jobs.runDue();
    expect(await providerRefunds()).toHaveLength(1);
    expect(await refundBookings()).toHaveLength(1);
    const settled = (await sentMail(t)).filter((m) => m.subjectText.includes('is settled'));
    expect(settled.map((m) => m.subjectText)).toEqual(['Your project "Crash test" is settled: $10.00 back']);
  });
});
