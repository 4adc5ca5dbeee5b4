// The job queue (decision 007): a `jobs` table in PostgreSQL shared by every app instance.
// - enqueue: insert with a unique key, so the same work is queued once (a re-enqueue of a finished job
//   can bring it back with `requeue`).
// - runNext: one worker claims one due job (`run_at <= now` by the injected clock) with
//   `for update skip locked` in a transaction that stays open while the handler runs. Another worker
//   skips the locked row, so a job never runs twice at once; if the process dies, its connection goes,
//   the transaction rolls back and the job is due again for any worker: a job cut short runs again.
//   Handlers are therefore idempotent (their effects carry their own idempotency keys).
// - The outcome is written on the claiming transaction: done; rescheduled (the handler asked to look
//   again later); or failed with backoff, and given up only for jobs with max_attempts (emails).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Clock } from '../clock.ts';
import type { Executor } from '../modules/ledger/ledger.ts';

export type JobRow = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
  maxAttempts: number | null;
};

/** What a handler answers: nothing (done) or when to run it again (it is waiting for something). */
export type JobOutcome = void | { retryAt: Date; note?: string };
export type JobHandler = (job: JobRow) => Promise<JobOutcome>;

export type EnqueueInput = {
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** Give up after this many failed runs; absent: retried for ever with backoff. */
  maxAttempts?: number;
  /** A finished (done or failed) job with this key is queued again at `runAt`. */
  requeue?: boolean;
};

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const MINUTE = 60_000;

/** After a handler throws: 1, 2, 4, … minutes, at most an hour. */
export function jobBackoffMs(failures: number): number {
  return Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, failures - 1));
}

/** Queue a job (inside the caller's transaction when given one). True when a row was written. */
export async function enqueue(db: Executor, job: EnqueueInput): Promise<boolean> {
  const payload = JSON.stringify(job.payload ?? {});
  const maxAttempts = job.maxAttempts ?? null;
  const result = job.requeue
    ? await db.execute(sql`
        insert into jobs (kind, key, payload, run_at, max_attempts)
        values (${job.kind}, ${job.key}, ${payload}::jsonb, ${job.runAt}, ${maxAttempts})
        on conflict (key) do update
          set status = 'queued', run_at = excluded.run_at, attempts = 0, last_error = null,
              finished_at = null, updated_at = now()
          where jobs.status <> 'queued'
        returning id`)
    : await db.execute(sql`
        insert into jobs (kind, key, payload, run_at, max_attempts)
        values (${job.kind}, ${job.key}, ${payload}::jsonb, ${job.runAt}, ${maxAttempts})
        on conflict (key) do nothing
        returning id`);
  return result.rows.length > 0;
}

/** Bring a queued job forward: it runs no later than `at` (a job not queued is left alone). */
export async function runNoLaterThan(db: Executor, key: string, at: Date): Promise<void> {
  await db.execute(sql`
    update jobs set run_at = least(run_at, ${at}), updated_at = now() where key = ${key} and status = 'queued'`);
}

const CLAIM_SQL = `select id, kind, key, payload, run_at as "runAt", attempts, max_attempts as "maxAttempts"
  from jobs where status = 'queued' and run_at <= $1
  order by run_at, id limit 1 for update skip locked`;

export function createJobQueue(deps: {
  pool: pg.Pool;
  clock: Clock;
  log: Log;
  handlers: Record<string, JobHandler>;
}) {
  const { pool, clock, log, handlers } = deps;

  /** Claim and run one due job. 'none' when nothing is due (or every due job is running elsewhere). */
  async function runNext(): Promise<'ran' | 'none'> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // The claim stays idle in its transaction while the handler runs: if the server drops the
    // connection meanwhile, the client reports it as an 'error' event, which must not crash the process.
    const onLost = (err: Error) => {
      broken ??= err;
    };
    client.on('error', onLost);
    try {
      await client.query('begin');
      const { rows } = await client.query<JobRow>(CLAIM_SQL, [clock.now()]);
      const job = rows[0];
      if (!job) {
        await client.query('commit');
        return 'none';
      }
      let outcome: JobOutcome = undefined;
      let failure: unknown;
      try {
        const handler = handlers[job.kind];
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        outcome = await handler(job);
      } catch (err) {
        failure = err;
      }
      const now = clock.now();
      if (failure !== undefined) {
        const attempts = job.attempts + 1;
        const message = failure instanceof Error ? failure.message : String(failure);
        const giveUp = job.maxAttempts !== null && attempts >= job.maxAttempts;
        log.error({ err: failure, jobId: job.id, kind: job.kind, key: job.key, attempts }, 'job failed');
        await client.query(
          `update jobs set attempts = $2, last_error = $3, status = $4, run_at = $5, finished_at = $6,
             updated_at = now() where id = $1`,
          [
            job.id,
            attempts,
            message.slice(0, 2000),
            giveUp ? 'failed' : 'queued',
            new Date(now.getTime() + jobBackoffMs(attempts)),
            giveUp ? now : null,
          ],
        );
      } else if (outcome) {
        // Never due again within the same moment: a handler waiting for something moves on in time.
        const retryAt =
          outcome.retryAt.getTime() > now.getTime() ? outcome.retryAt : new Date(now.getTime() + MINUTE);
        await client.query(`update jobs set run_at = $2, last_error = $3, updated_at = now() where id = $1`, [
          job.id,
          retryAt,
          outcome.note ?? null,
        ]);
      } else {
        await client.query(
          `update jobs set status = 'done', finished_at = $2, last_error = null, updated_at = now() where id = $1`,
          [job.id, now],
        );
      }
      await client.query('commit');
      return 'ran';
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.removeListener('error', onLost);
      client.release(broken);
    }
  }

  /** Finished jobs are kept a while for inspection, then removed (dedupe lives in the domain tables). */
  async function prune(olderThan: Date): Promise<number> {
    const { rowCount } = await pool.query(
      `delete from jobs where status in ('done', 'failed') and finished_at < $1`,
      [olderThan],
    );
    return rowCount ?? 0;
  }

  return { runNext, prune };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
