// Driving background work in tests: move the injected clock, then run what is due (app.jobs.runDue);
// app.jobs.drain() runs what is queued (emails after a request).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Mailer } from '../../src/adapters/email/mailer.ts';
import { createSimulatedProvider } from '../../src/adapters/payments/simulated.ts';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import { createJobs } from '../../src/jobs/index.ts';
import type { TaskName } from '../../src/jobs/tasks.ts';
import type { TestApp } from './app.ts';
import { readOutbox, type Mail } from './mail.ts';
import { subjectOf } from './mime.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

type MovableClock = { now: () => Date; set: (d: Date) => void };

/** Step the clock to `until` in `stepMs` steps, running due work after each step (as the timer would). */
export async function walkClock(
  app: FastifyInstance,
  clock: MovableClock,
  until: Date | string,
  stepMs = HOUR,
): Promise<void> {
  const end = new Date(until).getTime();
  while (clock.now().getTime() < end) {
    clock.set(new Date(Math.min(end, clock.now().getTime() + stepMs)));
    await app.jobs.runDue();
  }
}

export type SentMail = Mail & { subjectText: string };

/** Every message delivered so far (queued jobs run first), with decoded subjects. */
export async function sentMail(t: TestApp): Promise<SentMail[]> {
  await t.app.jobs.drain();
  return readOutbox(t.config.mail.outboxDir).map((m) => ({ ...m, subjectText: subjectOf(m) }));
}

/** The HTML part of a message, decoded. */
export function htmlOf(mail: Mail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const part =
    /Content-Type: text\/html[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i.exec(raw);
  if (!part) return '';
  const encoding = part[1]?.trim().toLowerCase();
  const body = part[2] ?? '';
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/**
 * A job whose worker process was killed stays locked by that worker; graphile-worker frees jobs locked
 * longer than 4 hours (its stale-lock scan, in every running worker) and runs them again. This lets 4
 * hours pass for the locks held now, then starts a worker (as main.ts does, without the crontab) that
 * scans at once, and waits until it has run `task` once.
 */
export async function recoverAfterDeadWorker(
  database: Database,
  deps: { clock: Clock; mailer: Mailer; task: TaskName },
): Promise<void> {
  await database.pool.query(
    `update graphile_worker._private_jobs set locked_at = locked_at - interval '4 hours 1 minute'
      where locked_at is not null`,
  );
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const worker = createJobs({
    db: database.db,
    clock: deps.clock,
    log: quiet,
    mailer: deps.mailer,
    provider: createSimulatedProvider(database.db),
    baseUrl: 'http://localhost:3000',
    resetLockedIntervalMs: 10,
  });
  const ran = new Promise<void>((resolve, reject) => {
    worker.events.on('job:complete', ({ job, error }) => {
      if (job.task_identifier !== deps.task) return;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    });
  });
  await worker.start({ crontab: false });
  try {
    await ran;
    // graphile-worker emits job:complete before its delete of the finished job has landed (it does not
    // await it): wait for the row to go, so the caller sees the queue as the worker left it.
    await expect
      .poll(async () => {
        const { rows } = await database.pool.query(
          'select 1 from graphile_worker.jobs where task_identifier = $1 and locked_at is not null',
          [deps.task],
        );
        return rows.length;
      })
      .toBe(0);
  } finally {
    await worker.stop();
  }
}
