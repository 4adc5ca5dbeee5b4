// Oldest request first at the database. Under load, a Node process and its PostgreSQL backends share
// the CPU among every request in flight, so a request's time grows with its number of statements: a
// payment (a dozen round trips) waited eight times as long as a project page (two). Here at most
// `limit` requests run statements at once, and a free place goes to the request that arrived first,
// so a request that has waited long (the one with many statements) goes ahead of newer ones
// (docs/decisions/013-oldest-request-first.md).
//
// A request holds its place for one statement, or a whole transaction, then gives it up: a request
// waiting on something else (a payment provider, a file) holds none. Statements outside any request
// (start-up, background jobs) and a request's further statements while it holds a place (a query
// beside its own transaction) never wait here, so nothing can wait on itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { defaultQueryConcurrency } from './query-gate.ts';

/**
 * Twice the host's CPU count (at least 4): enough statements in flight to keep Node and an embedded
 * PostgreSQL busy, few enough that the queue, not the CPU, decides who goes next.
 */
export function defaultRequestConcurrency(): number {
  return 2 * defaultQueryConcurrency();
}

/** A request's standing: when it arrived, and how many places it holds now. */
export type RequestTurn = { arrivedAt: number; seq: number; holding: number };

const requestScope = new AsyncLocalStorage<RequestTurn>();
let arrivals = 0;

/** Runs `fn` (a request's handling) as one request: its statements share its arrival time. */
export function asRequest<T>(fn: () => T, arrivedAt = performance.now()): T {
  arrivals += 1;
  return requestScope.run({ arrivedAt, seq: arrivals, holding: 0 }, fn);
}

export type StatementOrder = {
  /** Waits for a place, when `turn` needs one; the returned function gives it back (once). */
  enter: (turn?: RequestTurn) => Promise<() => void>;
  stats: () => { running: number; waiting: number };
};

type Waiter = { turn: RequestTurn; admit: () => void };

const before = (a: RequestTurn, b: RequestTurn) =>
  a.arrivedAt < b.arrivedAt || (a.arrivedAt === b.arrivedAt && a.seq < b.seq);

/** A binary heap of waiters, the earliest arrival on top. */
function waiterHeap() {
  const items: Waiter[] = [];
  const swap = (i: number, j: number) => {
    [items[i], items[j]] = [items[j]!, items[i]!];
  };
  return {
    get size() {
      return items.length;
    },
    push(waiter: Waiter) {
      items.push(waiter);
      let i = items.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(items[i]!.turn, items[parent]!.turn)) break;
        swap(i, parent);
        i = parent;
      }
    },
    pop(): Waiter | undefined {
      const top = items[0];
      const last = items.pop();
      if (items.length > 0 && last) {
        items[0] = last;
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          const right = left + 1;
          let first = i;
          if (left < items.length && before(items[left]!.turn, items[first]!.turn)) first = left;
          if (right < items.length && before(items[right]!.turn, items[first]!.turn)) first = right;
          if (first === i) break;
          swap(i, first);
          i = first;
        }
      }
      return top;
    },
  };
}

export function createStatementOrder(limit: number): StatementOrder {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  let running = 0;
  const waiting = waiterHeap();

  const leave = (turn: RequestTurn, counted: boolean) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      turn.holding -= 1;
      if (!counted) return;
      running -= 1;
      const next = waiting.pop();
      if (next) next.admit();
    };
  };

  return {
    enter(turn = requestScope.getStore()) {
      if (!turn) return Promise.resolve(() => {});
      if (turn.holding > 0) {
        turn.holding += 1;
        return Promise.resolve(leave(turn, false));
      }
      turn.holding += 1;
      if (running < limit && waiting.size === 0) {
        running += 1;
        return Promise.resolve(leave(turn, true));
      }
      return new Promise((resolve) => {
        waiting.push({
          turn,
          admit: () => {
            running += 1;
            resolve(leave(turn, true));
          },
        });
      });
    },
    stats: () => ({ running, waiting: waiting.size }),
  };
}

/**
 * The pool's `query` and `connect` take their place in `order` first; a connection keeps the place
 * until it is released. Callback-style calls (not used by the app) pass straight through.
 */
export function orderPool(pool: pg.Pool, order: StatementOrder): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const hasCallback = (args: unknown[]) => typeof args[args.length - 1] === 'function';

  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (hasCallback(args)) return query(...args);
    return order.enter().then(async (release) => {
      try {
        return await (query(...args) as Promise<unknown>);
      } finally {
        release();
      }
    });
  };
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (hasCallback(args)) return connect(...args);
    return order.enter().then(async (release) => {
      let client: pg.PoolClient;
      try {
        client = (await connect()) as pg.PoolClient;
      } catch (err) {
        release();
        throw err;
      }
      const giveBack = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        release();
        return giveBack(err);
      };
      return client;
    });
  };
  return pool;
}
