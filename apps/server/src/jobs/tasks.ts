// Every background effect of Kept, as a graphile-worker task (decision 019): its name, the zod schema of
// its payload and its handler, in this one file.
//   - send_email      one email; enqueued in the transaction that causes it, under a job key (at most once)
//   - send_push       one push to one subscribed browser (modules/push), queued like an email
//   - settle          a project's settlement: freeze, payout, card refund (modules/settlement)
//   - check_refund    a refund the provider answered 'pending': did it succeed or come back?
//   - lifecycle_tick  (crontab) period boundaries, reminders, the end of projects (jobs/lifecycle.ts)
//   - settlement_due  (crontab) queues settle / check_refund for every settlement whose time has come
//   - refresh_counters (crontab) missed/completed check-in counters of projects whose period closed
//   - reconcile_payments (crontab) payments the provider took that we have not applied; expiry
//   - build_data_export one user's data export zip (modules/data-export)
//   - expire_data_exports (crontab) deletes data exports 7 days after they were ready
// "Is it due?" is decided by the injected Clock inside the handlers and in our own tables
// (projects.next_tick_at, settlements.next_attempt_at, …); a job itself is always due when it is added.
import crypto from 'node:crypto';
import { PushMessageSchema } from '@kept/contract';
import { sql } from 'drizzle-orm';
import type { CronItem, Task, TaskList } from 'graphile-worker';
import { z } from 'zod';
import type { EmailMessage, Mailer } from '../adapters/email/mailer.ts';
import type { Executor } from '../modules/ledger/ledger.ts';

const uuid = z.string().uuid();
/** What graphile-worker's crontab adds to a recurring job's payload. */
const cronPayload = z.object({ _cron: z.object({ ts: z.string() }).passthrough().optional() }).passthrough();

export const TASKS = {
  send_email: z.object({
    message: z.object({
      to: z.string().min(3),
      subject: z.string().min(1),
      text: z.string(),
      html: z.string(),
    }),
  }),
  send_push: z.object({ subscriptionId: uuid, message: PushMessageSchema }),
  settle: z.object({ projectId: uuid }),
  check_refund: z.object({ projectId: uuid }),
  lifecycle_tick: cronPayload,
  settlement_due: cronPayload,
  refresh_counters: cronPayload,
  reconcile_payments: cronPayload,
  build_data_export: z.object({ exportId: uuid }),
  expire_data_exports: cronPayload,
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskPayload<T extends TaskName> = z.input<(typeof TASKS)[T]>;

/** How many times a job runs before it is left as failed (graphile-worker backs off exp(n) seconds, ≤ 6 h). */
export const MAX_ATTEMPTS: Record<TaskName, number> = {
  // ~16 hours of retries: an SMTP outage of an afternoon loses nothing.
  send_email: 12,
  // ~2 hours of retries: a reminder later than that has little use (its TTL is a day).
  send_push: 8,
  // Money out is never given up (smallint's largest value).
  settle: 32_767,
  check_refund: 32_767,
  // Recurring work runs again on the next beat anyway.
  lifecycle_tick: 3,
  settlement_due: 3,
  refresh_counters: 3,
  reconcile_payments: 3,
  // A build catches its own failures and marks the export failed; a second run covers a dead worker.
  build_data_export: 2,
  expire_data_exports: 3,
};

/** The recurring tasks: graphile-worker's crontab (only on instances that run jobs: JOBS). */
export const CRONTAB: CronItem[] = [
  { task: 'lifecycle_tick', match: '* * * * *' },
  { task: 'settlement_due', match: '* * * * *' },
  { task: 'refresh_counters', match: '* * * * *' },
  { task: 'reconcile_payments', match: '*/5 * * * *' },
  { task: 'expire_data_exports', match: '17 * * * *' },
].map((item) => ({
  ...item,
  identifier: item.task,
  // One waiting job per recurring task: a beat that finds the previous one still waiting replaces it.
  options: {
    jobKey: `cron:${item.task}`,
    jobKeyMode: 'replace',
    maxAttempts: MAX_ATTEMPTS[item.task as TaskName],
  },
}));

export type JobSpec = {
  /** Unique while the job exists: adding the same key again is a no-op, even while it runs. */
  jobKey?: string;
};

/**
 * Queue a task on `db` — the caller's transaction when it has one, so the job exists exactly when the
 * change that causes it commits. With a key, a job that already exists (waiting, running or failed) is
 * kept and nothing is added ('unsafe_dedupe' in graphile-worker's words: safe here, because every
 * payload under one key is the same work).
 */
export async function enqueue<T extends TaskName>(
  db: Executor,
  task: T,
  payload: TaskPayload<T>,
  spec: JobSpec = {},
): Promise<void> {
  const checked = TASKS[task].parse(payload);
  await db.execute(sql`
    select from graphile_worker.add_job(
      identifier => ${task}::text,
      payload => ${JSON.stringify(checked)}::json,
      max_attempts => ${MAX_ATTEMPTS[task]}::int,
      job_key => ${spec.jobKey ?? null}::text,
      job_key_mode => ${spec.jobKey ? 'unsafe_dedupe' : null}::text)`);
}

/**
 * Queue an email under `key` (e.g. 'notification:{id}', 'welcome:{paymentId}'): sent at least once if
 * the transaction commits, never if it rolls back, and once per key.
 */
export function queueEmail(db: Executor, key: string, message: EmailMessage): Promise<void> {
  return enqueue(db, 'send_email', { message }, { jobKey: `email:${key}` });
}

/** A job key for an email whose only identity is a secret (a reset token): its hash, never the secret. */
export const secretKey = (prefix: string, secret: string) =>
  `${prefix}:${crypto.createHash('sha256').update(secret).digest('base64url').slice(0, 32)}`;

/** What the handlers act on (built in jobs/index.ts). */
export type TaskDeps = {
  mailer: Pick<Mailer, 'deliver'>;
  sendPush: (subscriptionId: string, message: z.output<typeof PushMessageSchema>) => Promise<unknown>;
  settle: (projectId: string) => Promise<unknown>;
  checkRefund: (projectId: string) => Promise<unknown>;
  tickLifecycle: () => Promise<number>;
  queueDueSettlements: () => Promise<number>;
  refreshCounters: () => Promise<number>;
  reconcilePayments: () => Promise<unknown>;
  buildDataExport: (exportId: string) => Promise<unknown>;
  expireDataExports: () => Promise<unknown>;
};

type Handlers = { [T in TaskName]: (payload: z.output<(typeof TASKS)[T]>) => Promise<unknown> };

export function taskHandlers(deps: TaskDeps): Handlers {
  return {
    send_email: (p) => deps.mailer.deliver(p.message),
    send_push: (p) => deps.sendPush(p.subscriptionId, p.message),
    settle: (p) => deps.settle(p.projectId),
    check_refund: (p) => deps.checkRefund(p.projectId),
    lifecycle_tick: () => deps.tickLifecycle(),
    settlement_due: () => deps.queueDueSettlements(),
    refresh_counters: () => deps.refreshCounters(),
    reconcile_payments: () => deps.reconcilePayments(),
    build_data_export: (p) => deps.buildDataExport(p.exportId),
    expire_data_exports: () => deps.expireDataExports(),
  };
}

/**
 * The task list graphile-worker runs: each payload is checked against its schema first (a job that
 * does not match fails, and is logged, instead of acting on bad data). `onRun` hears each task run.
 */
export function taskList(handlers: Handlers, onRun?: (task: TaskName) => void): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(TASKS) as TaskName[]) {
    const task: Task = async (payload) => {
      const parsed = TASKS[name].safeParse(payload);
      if (!parsed.success) throw new Error(`job ${name} has a bad payload: ${parsed.error.message}`);
      onRun?.(name);
      await (handlers[name] as (p: unknown) => Promise<unknown>)(parsed.data);
    };
    list[name] = task;
  }
  return list;
}
