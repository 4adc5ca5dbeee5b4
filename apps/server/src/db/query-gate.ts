// A gate for CPU-heavy read queries (search, category pages, home sections): at most `limit` of them
// run in PostgreSQL at once, the rest wait their turn in order. On a small host, more concurrent heavy
// queries add little throughput and stretch every one of them: their backends time-slice the same
// cores. A query never waits longer than `maxWaitMs`, though: when the host is busy with other work
// (writes), the queue would otherwise add its whole length to every read (docs/decisions/012-read-query-gate.md).
import os from 'node:os';

/** The host's CPU count, at least 2: PostgreSQL and Node share the host by default (embedded). */
export function defaultQueryConcurrency(): number {
  return Math.max(2, os.availableParallelism());
}

/** The longest a query waits at the gate before it runs anyway. */
export const GATE_MAX_WAIT_MS = 25;

export type QueryGate = {
  /** Runs `work` once fewer than `limit` gated works are running, or after `maxWaitMs` at most. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Works running now, and waiting. */
  stats: () => { running: number; waiting: number };
};

type Waiter = { admit: () => void; timer: NodeJS.Timeout | undefined };

export function createQueryGate(limit: number, opts: { maxWaitMs?: number } = {}): QueryGate {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  const maxWaitMs = opts.maxWaitMs ?? GATE_MAX_WAIT_MS;
  let running = 0;
  const waiting: Waiter[] = [];

  const pump = () => {
    while (running < limit && waiting.length > 0) waiting.shift()!.admit();
  };

  const enter = (): Promise<void> => {
    // Nobody jumps the queue: a free place goes to the longest waiting first.
    if (running < limit && waiting.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          running += 1;
          resolve();
        },
        timer: undefined,
      };
      waiter.timer = setTimeout(() => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        running += 1;
        resolve();
      }, maxWaitMs);
      waiting.push(waiter);
    });
  };

  return {
    async run(work) {
      await enter();
      try {
        return await work();
      } finally {
        running -= 1;
        pump();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
