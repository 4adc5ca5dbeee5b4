// Background work inside the app process (decision 007), on any number of instances at once:
//   - the lifecycle tick: period boundaries, reminders, the end of projects (lifecycle.ts);
//   - the queue's jobs: 'settle' (modules/settlement) and 'email' (modules/notifications/outbox.ts);
//   - a sweep that re-queues settlement work that lost its job.
// Every "is it due?" decision uses the injected Clock. `runDue()` does everything due now and returns;
// tests call it after moving their clock. `start()` runs it on a timer (main.ts; never under tests).
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../adapters/email/mailer.ts';
import type { PaymentProvider } from '../adapters/payments/provider.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { EMAIL_JOB, emailJobHandler } from '../modules/notifications/outbox.ts';
import {
  SETTLE_JOB,
  createSettlementService,
  type SettlementFaults,
  type SettlementService,
} from '../modules/settlement/service.ts';
import { createLifecycle } from './lifecycle.ts';
import { createJobQueue } from './queue.ts';

/** How often the in-process worker looks for due work. */
export const JOBS_POLL_MS = 15_000;
const PRUNE_EVERY_MS = 3_600_000;
const KEEP_FINISHED_MS = 14 * 24 * 3_600_000;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type RunSummary = { ticks: number; jobs: number; swept: number };

export type JobsModule = {
  /** Everything due at the clock's now: ticks, sweep, then queued jobs until none is due. */
  runDue: () => Promise<RunSummary>;
  /** Run `runDue` every JOBS_POLL_MS until `stop`. */
  start: () => void;
  /** Stop the timer and wait for the run in progress. */
  stop: () => Promise<void>;
  settlement: SettlementService;
};

export function createJobs(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  mailer: Mailer;
  provider: PaymentProvider;
  baseUrl: string;
  /** Jobs run side by side per runDue (each holds a connection while it runs). */
  concurrency?: number;
  faults?: SettlementFaults;
}): JobsModule {
  const { db, clock, log } = deps;
  const concurrency = deps.concurrency ?? 2;
  const settlement = createSettlementService({
    db,
    provider: deps.provider,
    clock,
    log,
    baseUrl: deps.baseUrl,
    ...(deps.faults ? { faults: deps.faults } : {}),
  });
  const queue = createJobQueue({
    pool: db.$client,
    clock,
    log,
    handlers: {
      [SETTLE_JOB]: (job) => settlement.run(String(job.payload.projectId)),
      [EMAIL_JOB]: emailJobHandler(deps.mailer),
    },
  });
  const lifecycle = createLifecycle({ db, clock, log, baseUrl: deps.baseUrl });
  let lastPrune = -Infinity;

  async function runDue(): Promise<RunSummary> {
    const summary: RunSummary = { ticks: 0, jobs: 0, swept: 0 };
    // Jobs can make more work due now (a settlement queues its email): go round until all is quiet.
    for (let round = 0; round < 20; round += 1) {
      const ticks = await lifecycle.tickDue();
      const swept = await lifecycle.sweep();
      let ran = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while ((await queue.runNext()) === 'ran') ran += 1;
        }),
      );
      summary.ticks += ticks;
      summary.swept += swept;
      summary.jobs += ran;
      if (ticks === 0 && ran === 0) break;
    }
    const now = clock.now().getTime();
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await queue.prune(new Date(now - KEEP_FINISHED_MS));
    }
    return summary;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const loop = () => {
    running = runDue()
      .catch((err: unknown) => log.error({ err }, 'background jobs failed; trying again shortly'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(loop, JOBS_POLL_MS);
          timer.unref();
        }
      });
  };

  return {
    runDue,
    settlement,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Wire the jobs into the app as `app.jobs`; they stop when the app closes. */
export function registerJobs(
  app: FastifyInstance,
  deps: Omit<Parameters<typeof createJobs>[0], 'log' | 'provider'>,
): JobsModule {
  const jobs = createJobs({ ...deps, log: app.log, provider: app.payments.provider });
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
