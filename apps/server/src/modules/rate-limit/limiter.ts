// Fixed-window rate limits kept in PostgreSQL, so they hold across restarts and across app instances.
// A call counts, checks or gives back all the limits it names in one statement (queries.ts).
import crypto from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { countAttempts, deleteKeys, releaseAttempts, selectWindows } from './queries.ts';

export type Limit = { key: string; max: number; windowMs: number };
export type RateLimiter = {
  /**
   * Count one attempt against each limit; throws a 'rate_limited' DomainError when any limit is exceeded. Resolves
   * to each limit's count in its window, this attempt included.
   */
  consume: (...limits: Limit[]) => Promise<number[]>;
  /** Count one attempt against each limit, never refusing; resolves to the counts, this one included. */
  record: (...limits: Limit[]) => Promise<number[]>;
  /** The attempts the limit's current window holds (0 once it has passed); counts nothing. */
  peek: (limit: Limit) => Promise<number>;
  /** Throws the 429 that `consume` would once a limit's window already holds `max` attempts; counts nothing. */
  check: (...limits: Limit[]) => Promise<void>;
  /** Take back one attempt counted in the current window (one that turned out not to count). */
  release: (...limits: Limit[]) => Promise<void>;
  /** Forget every attempt counted against these limits (e.g. an account's failures after a success). */
  clear: (...limits: Limit[]) => Promise<void>;
};

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`);
    this.retryAfterSeconds = retryAfterSeconds;
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Keys longer than this are stored as their SHA-256 (the key column's index has a size limit). */
export const MAX_PLAIN_KEY_LENGTH = 200;

/** The stored form of a limit's key: itself, or `sha256:{hex}` when it is long. */
export function storedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH
    ? key
    : `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/** A limit with its stored key, worked out once. */
type Keyed = { limit: Limit; key: string };

/** The limits in runs of distinct stored keys, in order: one statement counts a key once at most. */
function distinctRuns(limits: Limit[]): Keyed[][] {
  const runs: Keyed[][] = [];
  let seen = new Set<string>();
  for (const limit of limits) {
    const key = storedKey(limit.key);
    if (runs.length === 0 || seen.has(key)) {
      runs.push([]);
      seen = new Set();
    }
    runs.at(-1)!.push({ limit, key });
    seen.add(key);
  }
  return runs;
}

export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  const pool = db.$client;
  const waitSeconds = (limit: Limit, windowStart: Date, now: Date) => {
    const resetAt = new Date(windowStart).getTime() + limit.windowMs;
    return Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  };
  /** The instant at or before which a window of `limit` started has passed. */
  const sinceOf = (limit: Limit, now: Date) => new Date(now.getTime() - limit.windowMs);
  const withSince = (run: Keyed[], now: Date) =>
    run.map(({ limit, key }) => ({ key, since: sinceOf(limit, now) }));
  const count = async (limits: Limit[], refuseOver: boolean): Promise<number[]> => {
    const counts: number[] = [];
    let worstWait = 0;
    for (const run of distinctRuns(limits)) {
      const now = clock.now();
      const rows = await countAttempts(pool, withSince(run, now), now);
      for (const { limit, key } of run) {
        const row = rows.get(key);
        counts.push(row?.count ?? 0);
        if (row && row.count > limit.max)
          worstWait = Math.max(worstWait, waitSeconds(limit, row.window_start, now));
      }
    }
    if (refuseOver && worstWait > 0) throw new RateLimitedError(worstWait);
    return counts;
  };
  /** Each limit's row when its window has not passed yet. */
  const current = async (limits: Limit[], now: Date) => {
    const keys = limits.map((limit) => storedKey(limit.key));
    const rows = await selectWindows(pool, keys);
    return limits.map((limit, i) => {
      const row = rows.get(keys[i]!);
      return row && row.window_start > sinceOf(limit, now) ? row : undefined;
    });
  };
  return {
    consume: (...limits) => count(limits, true),
    record: (...limits) => count(limits, false),
    async peek(limit) {
      const [row] = await current([limit], clock.now());
      return row?.count ?? 0;
    },
    async check(...limits) {
      if (limits.length === 0) return;
      const now = clock.now();
      const rows = await current(limits, now);
      let worstWait = 0;
      limits.forEach((limit, i) => {
        const row = rows[i];
        if (row && row.count >= limit.max)
          worstWait = Math.max(worstWait, waitSeconds(limit, row.window_start, now));
      });
      if (worstWait > 0) throw new RateLimitedError(worstWait);
    },
    async release(...limits) {
      for (const run of distinctRuns(limits)) await releaseAttempts(pool, withSince(run, clock.now()));
    },

    async clear(...limits) {
      if (limits.length === 0) return;
      await deleteKeys(
        pool,
        limits.map((limit) => storedKey(limit.key)),
      );
    },
  };
}
