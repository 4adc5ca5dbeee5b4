// The job queue on its own: one key queued once, due by the injected clock, one worker per job at a
// time, a job whose worker lost its connection mid-run runs again, failures back off, and a job with
// max_attempts gives up.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueue, enqueue, type JobHandler } from '../src/jobs/queue.ts';
import { manualClock } from './support/clock.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const quiet = { warn: () => {}, error: () => {} };
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await db.pool.query('delete from jobs');
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.pool.query(text, values)).rows as T[];
const queue = (handlers: Record<string, JobHandler>) =>
  createJobQueue({ pool: db.pool, clock, log: quiet, handlers });

/** A promise with its resolve function, to hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('job queue', () => {
  it('queues a key once, runs it when due by the clock, and can bring a finished job back', async () => {
    const ran: string[] = [];
    const jobs = queue({ note: async (job) => void ran.push(job.key) });
    const later = new Date(clock.now().getTime() + 60_000);
    expect(await enqueue(db.db, { kind: 'note', key: 'note:1', runAt: later })).toBe(true);
    expect(await enqueue(db.db, { kind: 'note', key: 'note:1', runAt: clock.now() })).toBe(false);
    expect(await jobs.runNext()).toBe('none');
    clock.set(later);
    expect(await jobs.runNext()).toBe('ran');
    expect(await jobs.runNext()).toBe('none');
    expect(ran).toEqual(['note:1']);
    expect(await enqueue(db.db, { kind: 'note', key: 'note:1', runAt: clock.now() })).toBe(false);
    expect(await enqueue(db.db, { kind: 'note', key: 'note:1', runAt: clock.now(), requeue: true })).toBe(
      true,
    );
    expect(await jobs.runNext()).toBe('ran');
    expect(ran).toEqual(['note:1', 'note:1']);
  });

  it('never runs one job on two workers at once', async () => {
    const held = gate();
    const started = gate();
    let running = 0;
    let most = 0;
    const handler: JobHandler = async () => {
      running += 1;
      most = Math.max(most, running);
      started.open();
      await held.opened;
      running -= 1;
    };
    const a = queue({ slow: handler });
    const b = queue({ slow: handler });
    await enqueue(db.db, { kind: 'slow', key: 'slow:1', runAt: clock.now() });
    const first = a.runNext();
    await started.opened;
    expect(await b.runNext()).toBe('none'); // skipped: the row is locked by the running worker
    held.open();
    expect(await first).toBe('ran');
    expect(await b.runNext()).toBe('none');
    expect(most).toBe(1);
    expect(await q(`select status from jobs where key = 'slow:1'`)).toEqual([{ status: 'done' }]);
  });

  it('runs a job again when its worker lost its connection mid-run (as when a process dies)', async () => {
    const held = gate();
    const started = gate();
    let runs = 0;
    const jobs = queue({
      fragile: async () => {
        runs += 1;
        if (runs === 1) {
          started.open();
          await held.opened;
        }
      },
    });
    await enqueue(db.db, { kind: 'fragile', key: 'fragile:1', runAt: clock.now() });
    const first = jobs.runNext();
    await started.opened;
    // The claiming session dies (its process was killed): the server ends its transaction and locks.
    await db.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and query like '%skip locked%'`,
    );
    held.open();
    await expect(first).rejects.toThrow();
    expect(await q(`select status, attempts from jobs where key = 'fragile:1'`)).toEqual([
      { status: 'queued', attempts: 0 },
    ]);
    expect(await jobs.runNext()).toBe('ran');
    expect(runs).toBe(2);
    expect(await q(`select status from jobs where key = 'fragile:1'`)).toEqual([{ status: 'done' }]);
  });

  it('backs a failing job off, retries it when due, and gives up after max_attempts', async () => {
    let calls = 0;
    const jobs = queue({
      flaky: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    });
    await enqueue(db.db, { kind: 'flaky', key: 'flaky:1', runAt: clock.now(), maxAttempts: 3 });
    expect(await jobs.runNext()).toBe('ran');
    const [row] = await q<{ status: string; attempts: number; last_error: string; run_at: Date }>(
      `select status, attempts, last_error, run_at from jobs where key = 'flaky:1'`,
    );
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(row!.run_at.getTime() - clock.now().getTime()).toBe(60_000);
    expect(await jobs.runNext()).toBe('none');
    clock.advance(60_000);
    expect(await jobs.runNext()).toBe('ran');
    clock.advance(120_000);
    expect(await jobs.runNext()).toBe('ran');
    expect(await q(`select status, attempts, last_error from jobs where key = 'flaky:1'`)).toEqual([
      { status: 'failed', attempts: 3, last_error: 'boom 3' },
    ]);
    clock.advance(3_600_000);
    expect(await jobs.runNext()).toBe('none');
    expect(calls).toBe(3);
  });

  it('reschedules a job that asks to look again later, without counting a failure', async () => {
    const jobs = queue({
      waiting: async () => ({ retryAt: new Date(clock.now().getTime() + 3_600_000), note: 'not yet' }),
    });
    await enqueue(db.db, { kind: 'waiting', key: 'waiting:1', runAt: clock.now() });
    expect(await jobs.runNext()).toBe('ran');
    const [row] = await q<{ status: string; attempts: number; last_error: string; run_at: Date }>(
      `select status, attempts, last_error, run_at from jobs where key = 'waiting:1'`,
    );
    expect(row).toMatchObject({ status: 'queued', attempts: 0, last_error: 'not yet' });
    expect(row!.run_at.getTime() - clock.now().getTime()).toBe(3_600_000);
  });
});
