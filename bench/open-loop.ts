// An open-loop load driver: operations arrive at a fixed rate whatever the server's answers take (a
// closed loop such as autocannon's waits for each answer before sending the next, so a slow server is
// asked less and its latency looks better than visitors see it). Each operation's latency counts from
// its scheduled arrival, so time spent waiting on the client's side is counted too. In-flight
// operations are bounded (`maxInFlight`): an arrival beyond the bound is not sent and is reported as
// `not_sent`, so an overloaded server cannot make the driver itself run out of memory.
// Requests go through undici's `request` on one keep-alive agent (no limit on connections per origin):
// the driver shares the host with the server, and `fetch` on top of the same undici costs it several
// times the CPU per request, which an open loop at twice saturation takes from the server it measures.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** Sends one request of an operation; its answer (status, body) is recorded by the driver. */
export type Send = (
  kind: string,
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Answer | null>;

export type OpenLoopOptions = {
  base: string;
  /** Operations a second. */
  rate: number;
  durationSec: number;
  /** The i-th operation (0, 1, 2…): one request or a few in sequence, sent with `send`. */
  operation: (i: number, send: Send) => Promise<void>;
  maxInFlight?: number;
  /** A request without an answer after this long is given up and counted in `errors`. */
  timeoutMs?: number;
  /** Answers slower than this are counted in `over_slow` (default SLOW_MS). */
  slowMs?: number;
  /** Before the first arrival, open this many keep-alive connections by asking `warm.path` at once. */
  warm?: { connections: number; path: string };
};

export type OpenLoopResult = {
  /** Operations that arrived (were scheduled) and that were sent. */
  arrived: number;
  not_sent: number;
  requests: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** 503 answers that carried a Retry-After header. */
  retry_after_503s: number;
  /** Requests that got no answer (connection error or timeout). */
  errors: number;
  /** Latency of every answered request, from its operation's arrival (first request) or its sending. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** The bound `over_slow` counts against, in ms. */
  slow_ms: number;
  /** Answers that took longer than `slow_ms`. */
  over_slow: number;
  /** Those answers by the second of the step their operation arrived in: [second, answers]. */
  over_slow_by_arrival_second: [number, number][];
  by_kind: Record<
    string,
    {
      n: number;
      p50_ms: number;
      p99_ms: number;
      max_ms: number;
      over_slow: number;
      statuses: Record<string, number>;
    }
  >;
  achieved_rate: number;
  /**
   * The driver's own event-loop delay (p99 and max, ms): time a latency may include because the driver,
   * sharing the host's cores, was late to send or to read, not because the server was.
   */
  driver_delay_p99_ms: number;
  driver_delay_max_ms: number;
};

/** The longest answer at twice saturation ("every answer within 1 s"), in its host's ms. */
export const SLOW_MS = 1000;

/** The p-th percentile of ascending `sorted`, to a tenth of a millisecond (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

export async function runOpenLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const maxInFlight = opts.maxInFlight ?? 4_000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const slowMs = opts.slowMs ?? SLOW_MS;
  const total = Math.round(opts.rate * opts.durationSec);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  const byKind = new Map<string, { latencies: number[]; statuses: Record<string, number> }>();
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  let retryAfter503s = 0;
  let notSent = 0;
  let inFlight = 0;
  const running = new Set<Promise<void>>();

  const slowByArrivalSecond = new Map<number, number>();

  const agent = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  if (opts.warm) {
    const { connections, path } = opts.warm;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const res = await request(opts.base + path, { dispatcher: agent });
        await res.body.dump();
      }),
    );
  }
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const start = performance.now();
  const record = (kind: string, status: string, ms: number, from: number) => {
    if (status !== 'error' && ms > slowMs) {
      const second = Math.floor((from - start) / 1000);
      slowByArrivalSecond.set(second, (slowByArrivalSecond.get(second) ?? 0) + 1);
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    const entry = byKind.get(kind) ?? { latencies: [], statuses: {} };
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    if (status !== 'error') {
      entry.latencies.push(ms);
      latencies.push(ms);
    }
    byKind.set(kind, entry);
  };
  const launch = (i: number, arrival: number) => {
    let first = true;
    const send: Send = async (kind, path, init = {}) => {
      // The first request's latency includes any delay before it was sent; later ones count from sending.
      const from = first ? arrival : performance.now();
      first = false;
      requests += 1;
      try {
        const res = await request(opts.base + path, {
          method: (init.method ?? 'GET') as 'GET',
          headers: init.headers ?? {},
          ...(init.body !== undefined ? { body: init.body } : {}),
          dispatcher: agent,
        });
        const body = await res.body.text();
        if (res.statusCode === 503 && res.headers['retry-after'] !== undefined) retryAfter503s += 1;
        record(kind, String(res.statusCode), performance.now() - from, from);
        return { status: res.statusCode, body, headers: res.headers };
      } catch {
        errors += 1;
        record(kind, 'error', 0, from);
        return null;
      }
    };
    inFlight += 1;
    const done: Promise<void> = opts
      .operation(i, send)
      .catch(() => {
        errors += 1;
      })
      .finally(() => {
        inFlight -= 1;
        running.delete(done);
      });
    running.add(done);
  };

  // Every few milliseconds, start every operation whose arrival time has come.
  let next = 0;
  while (next < total) {
    const elapsed = performance.now() - start;
    while (next < total && next * interval <= elapsed) {
      if (inFlight >= maxInFlight) notSent += 1;
      else launch(next, start + next * interval);
      next += 1;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  const sendingMs = performance.now() - start;
  await Promise.all(running);
  lag.disable();
  await agent.close();

  const sorted = latencies.sort((a, b) => a - b);
  const kinds: OpenLoopResult['by_kind'] = {};
  for (const [kind, entry] of byKind) {
    const list = entry.latencies.sort((a, b) => a - b);
    kinds[kind] = {
      n: list.length,
      p50_ms: percentile(list, 50),
      p99_ms: percentile(list, 99),
      max_ms: Math.round(list.at(-1) ?? 0),
      over_slow: list.filter((ms) => ms > slowMs).length,
      statuses: entry.statuses,
    };
  }
  return {
    arrived: total,
    not_sent: notSent,
    requests,
    statuses,
    retry_after_503s: retryAfter503s,
    errors,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: Math.round(sorted.at(-1) ?? 0),
    slow_ms: Math.round(slowMs),
    over_slow: sorted.filter((ms) => ms > slowMs).length,
    over_slow_by_arrival_second: [...slowByArrivalSecond].sort((a, b) => a[0] - b[0]),
    by_kind: kinds,
    achieved_rate: Math.round(((total - notSent) / sendingMs) * 1000),
    driver_delay_p99_ms: Math.round(lag.percentile(99) / 1e5) / 10,
    driver_delay_max_ms: Math.round(lag.max / 1e5) / 10,
  };
}
