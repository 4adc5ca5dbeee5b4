// A gate for CPU-heavy read queries (search, category pages, home sections): at most `limit` of them
// run in PostgreSQL at once, the rest wait their turn in order. On a small host more concurrent
// heavy queries add no throughput, only time-slicing between PostgreSQL backends, which stretches
// every query's latency (docs/decisions/012-read-query-gate.md).
import os from 'node:os';

/** The host's CPU count, at least 2: PostgreSQL and Node share the host by default (embedded). */
export function defaultQueryConcurrency(): number {
  return Math.max(2, os.availableParallelism());
}

export type QueryGate = {
  /** Runs `work` once fewer than `limit` gated works are running. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Works running now, and waiting. */
  stats: () => { running: number; waiting: number };
};

export function createQueryGate(limit: number): QueryGate {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(work) {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
