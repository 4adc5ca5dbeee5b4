import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asRequest,
  createStatementOrder,
  defaultRequestConcurrency,
  orderPool,
  type RequestTurn,
} from '../src/db/request-order.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

let seq = 0;
const turn = (arrivedAt: number): RequestTurn => ({ arrivedAt, seq: ++seq, holding: 0 });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('statement order', () => {
  it('lets `limit` requests in at once and gives a free place to the earliest arrival', async () => {
    const order = createStatementOrder(1);
    const admitted: string[] = [];
    const enter = (name: string, t: RequestTurn) =>
      order.enter(t).then((release) => {
        admitted.push(name);
        return release;
      });
    const first = enter('first', turn(10));
    const late = enter('late', turn(30));
    const early = enter('early', turn(20)); // queued after `late`, but arrived before it
    await settle();
    expect(admitted).toEqual(['first']);
    expect(order.stats()).toEqual({ running: 1, waiting: 2 });
    (await first)();
    await settle();
    expect(admitted).toEqual(['first', 'early']);
    (await early)();
    await settle();
    expect(admitted).toEqual(['first', 'early', 'late']);
    (await late)();
    expect(order.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('orders many waiters by arrival whatever order they queue in', async () => {
    const order = createStatementOrder(1);
    const holder = await order.enter(turn(0));
    const arrivals = [7, 3, 9, 1, 8, 2, 6, 4, 5];
    const admitted: number[] = [];
    const waits = arrivals.map((at) =>
      order.enter(turn(at)).then((release) => {
        admitted.push(at);
        release();
      }),
    );
    holder();
    await Promise.all(waits);
    expect(admitted).toEqual([...arrivals].sort((a, b) => a - b));
  });

  it('never holds back work outside a request, or a request that already has a place', async () => {
    const order = createStatementOrder(1);
    const outside = await order.enter(undefined);
    expect(order.stats().running).toBe(0);
    outside();

    const t = turn(1);
    const place = await order.enter(t);
    const again = await order.enter(t); // e.g. a query beside its own open transaction
    expect(order.stats()).toEqual({ running: 1, waiting: 0 });
    expect(t.holding).toBe(2);
    again();
    again(); // giving back twice changes nothing
    expect(t.holding).toBe(1);
    place();
    expect(order.stats()).toEqual({ running: 0, waiting: 0 });
    expect(t.holding).toBe(0);
  });

  it('gives statements inside asRequest that request’s turn', async () => {
    const order = createStatementOrder(1);
    const release = await asRequest(() => order.enter());
    expect(order.stats().running).toBe(1);
    release();
    expect(order.stats().running).toBe(0);
  });

  it('refuses a limit that is not a positive integer, and defaults to twice the CPUs (at least 4)', () => {
    expect(() => createStatementOrder(0)).toThrow(RangeError);
    expect(() => createStatementOrder(1.5)).toThrow(RangeError);
    expect(defaultRequestConcurrency()).toBeGreaterThanOrEqual(4);
    expect(defaultRequestConcurrency() % 2).toBe(0);
  });
});

describe('a pool in statement order', () => {
  let database: TestDatabase;
  const order = createStatementOrder(1);
  beforeAll(async () => {
    database = await createTestDatabase();
    orderPool(database.pool, order);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('keeps a transaction’s place until its connection is released, without blocking its own queries', async () => {
    const { pool } = database;
    const log: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const hasBegun = new Promise<void>((resolve) => (began = resolve));
    const first = asRequest(async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        log.push('first: began');
        // A query on the pool while this request holds the only place does not wait on itself.
        const { rows } = await pool.query<{ n: number }>('select 1 as n');
        log.push(`first: beside its transaction ${rows[0]!.n}`);
        began();
        await released;
        await client.query('commit');
        log.push('first: committed');
      } finally {
        client.release();
      }
    });
    await hasBegun;
    const second = asRequest(async () => {
      await pool.query('select 2');
      log.push('second: ran');
    });
    while (order.stats().waiting === 0) await settle();
    expect(order.stats()).toEqual({ running: 1, waiting: 1 });
    expect(log).toEqual(['first: began', 'first: beside its transaction 1']);
    release();
    await Promise.all([first, second]);
    expect(log).toEqual([
      'first: began',
      'first: beside its transaction 1',
      'first: committed',
      'second: ran',
    ]);
    expect(order.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the place back when a statement fails, and passes the error through', async () => {
    const { pool } = database;
    await expect(asRequest(() => pool.query('select * from no_such_table'))).rejects.toThrow(/no_such_table/);
    const { rows } = await asRequest(() => pool.query<{ n: number }>('select 3 as n'));
    expect(rows[0]!.n).toBe(3);
    expect(order.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
