// Background work on graphile-worker (decision 019), in the app process of every instance with JOBS on
// (the default); JOBS=0 instances run no worker and no crontab. The tasks are listed in tasks.ts.
//   - start(): graphile-worker's runner — the worker pool (jobs as soon as they are added, by LISTEN/
//     NOTIFY) and the crontab (the recurring tasks) — until stop(). main.ts calls it; tests never need to.
//   - runDue(): tests' deterministic drain — the clock-driven tasks once at the clock's now, then every
//     queued job with graphile-worker's runOnce, round after round until nothing is left.
// Jobs are locked by a column, not by an open transaction: no job holds a transaction while it waits on
// the payment provider or SMTP. A job whose worker died stays locked until graphile-worker's stale-lock
// scan frees it (4 hours), then runs again; every handler is idempotent.
import EventEmitter from 'node:events';
import type { FastifyInstance } from 'fastify';
import {
  Logger,
  parseCronItems,
  run,
  runOnce,
  type LogFunctionFactory,
  type Runner,
  type RunnerOptions,
  type WorkerEvents,
} from 'graphile-worker';
import type { Mailer } from '../adapters/email/mailer.ts';
import type { PaymentProvider } from '../adapters/payments/provider.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { DataExportJobs } from '../modules/data-export/index.ts';
import { refreshAllDueProjectCounters } from '../modules/projects/counters.ts';
import {
  createSettlementService,
  type SettlementFaults,
  type SettlementService,
} from '../modules/settlement/index.ts';
import { createLifecycle } from './lifecycle.ts';
import { CRONTAB, enqueue, taskHandlers, taskList, type TaskDeps, type TaskName } from './tasks.ts';

type Log = {
  debug?: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type RunSummary = {
  /** Projects the lifecycle tick looked at. */
  ticks: number;
  /** Settlements whose due work was queued (or found queued already). */
  swept: number;
  /** Jobs run, in all. */
  jobs: number;
  /** Jobs run, by task. */
  ran: Partial<Record<TaskName, number>>;
};

export type JobsModule = {
  /** Whether this instance runs jobs (JOBS). */
  readonly enabled: boolean;
  /** Start the worker pool and the crontab (nothing when JOBS=0). Resolves once both are running. */
  start: (opts?: { crontab?: boolean }) => Promise<void>;
  /** Stop taking jobs and wait for the running ones. */
  stop: () => Promise<void>;
  /** Everything due at the clock's now, then every queued job, until nothing is left (tests). */
  runDue: () => Promise<RunSummary>;
  /** Every queued job, until none is left (tests: emails after a request). */
  drain: () => Promise<RunSummary>;
  /** graphile-worker's events (job:success, resetLocked:success, …) of this instance. */
  events: WorkerEvents;
  settlement: SettlementService;
};

/** graphile-worker's log lines into ours. Only ids and task names: a payload can hold a reset link. */
export function workerLogger(log: Log): Logger {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    const m = (meta ?? {}) as { error?: unknown; job?: { id?: string; attempts?: number } };
    const fields = {
      task: scope.taskIdentifier,
      jobId: scope.jobId ?? m.job?.id,
      ...(m.job?.attempts !== undefined ? { attempts: m.job.attempts } : {}),
      ...(m.error !== undefined ? { err: m.error } : {}),
    };
    // Job failures carry the stack in `err`; the message's own copy of it is dropped.
    const text = message.split('\n')[0] ?? message;
    if (level === 'error') log.error(fields, text);
    else if (level === 'warning') log.warn(fields, text);
    else log.debug?.(fields, text);
  };
  return new Logger(factory);
}

export function createJobs(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  mailer: Pick<Mailer, 'deliver'>;
  /** Sends one push to one subscription (modules/push createPushSender); absent: push jobs fail. */
  sendPush?: TaskDeps['sendPush'];
  provider: PaymentProvider;
  baseUrl: string;
  /** JOBS: false runs no worker and no crontab in this instance. */
  enabled?: boolean;
  /** Re-applies payments the provider took that we have not applied (the payments module's). */
  reconcile?: () => Promise<unknown>;
  /** Jobs run side by side by start() (each may hold a pool connection while it runs). */
  concurrency?: number;
  /** How often the runner looks for jobs whose worker died (graphile-worker's default: 8-10 min). */
  resetLockedIntervalMs?: number;
  faults?: SettlementFaults;
  /** Builds and expires data exports (absent: those jobs do nothing, as in tests of other parts). */
  dataExports?: DataExportJobs;
}): JobsModule {
  const { db, clock, log } = deps;
  const settlement = createSettlementService({
    db,
    provider: deps.provider,
    clock,
    log,
    baseUrl: deps.baseUrl,
    ...(deps.faults ? { faults: deps.faults } : {}),
  });
  const lifecycle = createLifecycle({ db, clock, log, baseUrl: deps.baseUrl });
  const handlers = taskHandlers({
    mailer: deps.mailer,
    sendPush:
      deps.sendPush ?? (() => Promise.reject(new Error('this worker was started without a push sender'))),
    settle: settlement.run,
    checkRefund: settlement.checkRefund,
    tickLifecycle: lifecycle.tickDue,
    queueDueSettlements: lifecycle.queueDueSettlements,
    refreshCounters: () => refreshAllDueProjectCounters(db, clock.now()),
    reconcilePayments: deps.reconcile ?? (async () => undefined),
    buildDataExport: (exportId) => deps.dataExports?.build(exportId) ?? Promise.resolve(),
    expireDataExports: () => deps.dataExports?.expire() ?? Promise.resolve(0),
  });
  const events: WorkerEvents = new EventEmitter();
  const logger = workerLogger(log);
  const interval = deps.resetLockedIntervalMs;
  // One options object for every call: graphile-worker caches what it compiles from it.
  const shared = {
    pgPool: db.$client,
    logger,
    events,
    // Due times of graphile-worker's own (polling, crontab, stale locks) follow Node's clock, the one
    // systemClock reads, rather than the database server's.
    useNodeTime: true,
    // main.ts owns SIGINT/SIGTERM: it stops the jobs when the app closes.
    noHandleSignals: true,
    ...(interval ? { minResetLockedInterval: interval, maxResetLockedInterval: interval } : {}),
  } satisfies RunnerOptions;

  let counting: Partial<Record<TaskName, number>> | undefined;
  const tasks = taskList(handlers, (name) => {
    if (counting) counting[name] = (counting[name] ?? 0) + 1;
  });

  async function drain(): Promise<RunSummary> {
    const ran: Partial<Record<TaskName, number>> = {};
    const previous = counting;
    counting = ran;
    try {
      await runOnce(shared, tasks);
    } finally {
      counting = previous;
    }
    const jobs = Object.values(ran).reduce((a, b) => a + b, 0);
    return { ticks: 0, swept: 0, jobs, ran };
  }

  async function runDue(): Promise<RunSummary> {
    const summary: RunSummary = { ticks: 0, swept: 0, jobs: 0, ran: {} };
    // A job can make more work due now (a settlement queues its email): round until all is quiet.
    for (let round = 0; round < 20; round += 1) {
      const ticks = await lifecycle.tickDue();
      const swept = await lifecycle.queueDueSettlements();
      await refreshAllDueProjectCounters(db, clock.now());
      await deps.dataExports?.expire();
      const drained = await drain();
      summary.ticks += ticks;
      summary.swept += swept;
      summary.jobs += drained.jobs;
      for (const [name, n] of Object.entries(drained.ran) as [TaskName, number][])
        summary.ran[name] = (summary.ran[name] ?? 0) + n;
      if (ticks === 0 && drained.jobs === 0 && !(await workPending())) break;
    }
    return summary;
  }

  /**
   * Whether a job is still due or in a worker's hands: one added a moment before by a clock a little
   * ahead of this process's, or one locked in the last seconds. graphile-worker's runOnce (and its
   * job:complete event) do not wait for the delete of a finished job to land, so a job just run shows as
   * locked for a moment after; runDue goes round again (after a moment, for a locked one) instead of
   * answering with work left over.
   */
  async function workPending(): Promise<boolean> {
    const { rows } = await db.$client.query<{ ready: number; busy: number }>(
      `select count(*) filter (where locked_at is null and run_at <= now() + interval '1 second'
                                 and attempts < max_attempts)::int as ready,
              count(*) filter (where locked_at > now() - interval '10 seconds')::int as busy
         from graphile_worker.jobs`,
    );
    const { ready, busy } = rows[0]!;
    if (ready === 0 && busy > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    return ready > 0 || busy > 0;
  }

  let runner: Runner | undefined;
  const enabled = deps.enabled ?? true;

  return {
    enabled,
    events,
    settlement,
    runDue,
    drain,
    async start(opts = {}) {
      if (!enabled || runner) return;
      const crontab = opts.crontab ?? true;
      const listening = new Promise<void>((resolve) => events.once('pool:listen:success', () => resolve()));
      const cronStarted = crontab
        ? new Promise<void>((resolve) => events.once('cron:started', () => resolve()))
        : Promise.resolve();
      // A restarted instance reconciles at once: payments charged while it was down are applied
      // without waiting for the crontab's next beat.
      if (crontab) await enqueue(db, 'reconcile_payments', {}, { jobKey: 'reconcile_payments:start' });
      runner = await run(
        { ...shared, concurrency: deps.concurrency ?? 2 },
        tasks,
        crontab ? parseCronItems(CRONTAB) : [],
      );
      runner.promise.catch((err: unknown) => log.error({ err }, 'background jobs stopped on an error'));
      await Promise.all([listening, cronStarted]);
    },
    async stop() {
      const r = runner;
      runner = undefined;
      if (r) await r.stop();
    },
  };
}

/** Wire the jobs into the app as `app.jobs`; they stop when the app closes. */
export function registerJobs(
  app: FastifyInstance,
  deps: Omit<Parameters<typeof createJobs>[0], 'log' | 'provider' | 'reconcile'>,
): JobsModule {
  const jobs = createJobs({
    ...deps,
    log: app.log,
    provider: app.payments.provider,
    reconcile: () => app.payments.reconcile(),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsModule;
  }
}
