import { afterEach, describe, expect, it, vi } from 'vitest';
import { GATE_MAX_WAIT_MS, createQueryGate, defaultQueryConcurrency } from '../src/db/query-gate.ts';

/** A work that runs until `finish` is called, recording when it started. */
function pending(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (message: string) => fail(new Error(message)),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('query gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most `limit` works at once, the others in the order they came', async () => {
    const gate = createQueryGate(2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => pending(log, name));
    const results = works.map((w) => gate.run(w.work));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });
    works[1]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    works[0]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.stats()).toEqual({ running: 2, waiting: 0 });
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when a work fails, and passes the failure on', async () => {
    const gate = createQueryGate(1);
    const log: string[] = [];
    const first = pending(log, 'first');
    const second = pending(log, 'second');
    const failed = gate.run(first.work);
    const next = gate.run(second.work);
    await settle();
    expect(log).toEqual(['first']);
    first.fail('query failed');
    await expect(failed).rejects.toThrow('query failed');
    await settle();
    expect(log).toEqual(['first', 'second']);
    second.finish();
    expect(await next).toBe('second');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a work in after maxWaitMs even when every place is taken, in the order they came', async () => {
    vi.useFakeTimers();
    const gate = createQueryGate(1, { maxWaitMs: 25 });
    const log: string[] = [];
    const works = ['a', 'b', 'c'].map((name) => pending(log, name));
    const results = works.map((w) => gate.run(w.work));
    await vi.advanceTimersByTimeAsync(24);
    expect(log).toEqual(['a']);
    expect(gate.stats()).toEqual({ running: 1, waiting: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(gate.stats()).toEqual({ running: 3, waiting: 0 });
    for (const w of works) w.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
    // Back under its limit, it queues again.
    const log2: string[] = [];
    const [d, e] = ['d', 'e'].map((name) => pending(log2, name));
    const both = [gate.run(d!.work), gate.run(e!.work)];
    await vi.advanceTimersByTimeAsync(0);
    expect(log2).toEqual(['d']);
    d!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log2).toEqual(['d', 'e']);
    e!.finish();
    await Promise.all(both);
  });

  it('waits GATE_MAX_WAIT_MS at most by default', async () => {
    vi.useFakeTimers();
    const gate = createQueryGate(1);
    const log: string[] = [];
    const [first, second] = ['first', 'second'].map((name) => pending(log, name));
    const results = [gate.run(first!.work), gate.run(second!.work)];
    await vi.advanceTimersByTimeAsync(GATE_MAX_WAIT_MS - 1);
    expect(log).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['first', 'second']);
    first!.finish();
    second!.finish();
    await Promise.all(results);
  });

  it('refuses a limit that is not a positive integer', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => createQueryGate(limit)).toThrow(RangeError);
  });

  it('defaults to the host CPU count, at least 2', () => {
    expect(defaultQueryConcurrency()).toBeGreaterThanOrEqual(2);
    expect(Number.isInteger(defaultQueryConcurrency())).toBe(true);
  });
});
