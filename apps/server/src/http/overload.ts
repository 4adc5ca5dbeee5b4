// Overload is answered at once with a 503, `Retry-After` and the error format, instead of slowly for
// everyone. Three signals, all on libraries (decision 021):
// - @fastify/under-pressure refuses new requests while the event loop's mean delay or the V8 heap in use
//   is past its bound, or while the database does not answer (its health check, every quarter second);
// - PostgreSQL cancels a statement that runs past the pool's statement timeout (db/client.ts);
// - the pool gives up on a request that waited too long for a free connection.
// GET /api/health is never refused here: it answers for itself whether the database is reachable.
// Nor are the web app's hashed files (/assets/…): they are read from disk without the database, and a page
// whose code is refused halfway breaks (its screen cannot load) instead of showing the busy message that its
// API calls get.
// The event loop's readings of the first two seconds after start-up are not held against requests:
// they cover the app's own start (loading and compiling every route), not its load.
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { DomainError } from './errors.ts';

export const UNAVAILABLE_MESSAGE = 'Kept is very busy right now. Please try again in a moment.';
/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SEC = 5;
/**
 * How often the event loop's delay and the heap are judged: a tenth of a second, so that a burst is
 * refused within it rather than queued for a second before the first refusal (decision 046).
 */
const SAMPLE_INTERVAL_MS = 100;
/**
 * How often the database is asked whether it answers. A check that finds no free pooled connection
 * within the pool's wait fails too: every request is then refused until a check passes, which sheds a
 * saturated pool's load at once. A quarter second keeps each such refusal short (decision 046).
 */
const HEALTH_CHECK_INTERVAL_MS = 250;
/** The event loop's readings this long after start-up are not held against requests. */
const START_UP_MS = 2_000;
const HEALTH_ROUTE = '/api/health';
/** Where the built web app's content-hashed files are served from (web/spa.ts). */
const WEB_ASSETS_PREFIX = '/assets/';

/** The answer to a request refused for overload: 503 with Retry-After, in the error format. */
export function unavailableError(): DomainError {
  const err = new DomainError('service_unavailable', UNAVAILABLE_MESSAGE);
  err.headers['retry-after'] = String(RETRY_AFTER_SEC);
  return err;
}

/** SQLSTATEs of an overloaded database: a statement cancelled (statement_timeout), no connection left. */
const OVERLOAD_SQLSTATES = new Set(['57014', '53300', '57P03']);
/** pg-pool's error when none of its connections became free within its connection timeout. */
const POOL_BUSY = 'timeout exceeded when trying to connect';

/**
 * pg-pool's errors when no connection was to be had within its connection timeout: none became free, or
 * a new one to PostgreSQL was not set up in time (a busy server is slow to start a backend).
 */
const POOL_WAIT_TIMEOUTS = new Set([POOL_BUSY, 'Connection terminated due to connection timeout']);

/** Whether `err` is pg-pool's: no pooled connection became free within the wait (nothing ran). */
export function isPoolBusy(err: unknown): boolean {
  return err instanceof Error && err.message === POOL_BUSY;
}

/**
 * Whether `err` (or an error it wraps: drizzle and better-auth wrap the driver's) says the database is
 * overloaded rather than that the request or the code is wrong.
 */
export function isDatabaseOverload(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && OVERLOAD_SQLSTATES.has(code)) return true;
    if (POOL_WAIT_TIMEOUTS.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Refusals for database overload are logged at most once per this interval, with their count. */
const OVERLOAD_LOG_INTERVAL_MS = 1_000;

/**
 * A logger of refusals for database overload: the first at once, then at most one line a second with
 * how many were refused since the last line. Overload is when logging costs most: a line with its
 * error for each of thousands of refusals a second would take the CPU the requests need.
 */
export function overloadLogger(now: () => number = () => performance.now()) {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let refused = 0;
  return (log: FastifyBaseLogger, err: unknown): void => {
    refused += 1;
    const t = now();
    if (t - loggedAt < OVERLOAD_LOG_INTERVAL_MS) return;
    log.warn({ err, refused }, 'database overloaded: requests refused with 503');
    loggedAt = t;
    refused = 0;
  };
}

export type OverloadBounds = {
  /** The event loop's mean delay over the last tenth of a second, in ms (0: not checked). */
  maxEventLoopDelayMs: number;
  /** The V8 heap in use, in bytes (0: not checked). */
  maxHeapUsedBytes: number;
};

export async function registerOverloadGuard(
  app: FastifyInstance,
  opts: OverloadBounds & { pool: pg.Pool },
): Promise<void> {
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  const startingUp = () => !(performance.now() - readyAt >= START_UP_MS);
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxHeapUsedBytes: opts.maxHeapUsedBytes,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // The database check: it fails when PostgreSQL refuses or drops the connection, or when no pooled
    // connection frees up within the pool's wait; a slow answer alone is left to the statement timeout.
    healthCheck: async () => {
      if (closing) return true;
      try {
        await opts.pool.query('select 1');
        return true;
      } catch (err) {
        app.log.warn({ err }, 'the database check failed: requests are refused until it passes');
        return false;
      }
    },
    healthCheckInterval: HEALTH_CHECK_INTERVAL_MS,
    retryAfter: RETRY_AFTER_SEC,
    // Refused in the error format (through the error handler, with the security headers); the health
    // route is let through to say what it sees.
    pressureHandler: (request, _reply, type) => {
      if (request.routeOptions.url === HEALTH_ROUTE) return undefined;
      if (request.method === 'GET' && request.url.startsWith(WEB_ASSETS_PREFIX)) return undefined;
      if (type === TYPE_EVENT_LOOP_DELAY && startingUp()) return undefined;
      return Promise.reject(unavailableError());
    },
  });
}
