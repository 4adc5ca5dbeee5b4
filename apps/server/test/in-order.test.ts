import { describe, expect, it } from 'vitest';
import { allInOrder } from '../src/in-order.ts';

/** A promise the test settles by hand, so that steps finish in the order the test chooses. */
function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One turn of the event loop: every callback of a promise already settled has run after it. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('allInOrder', () => {
  it('answers every step’s value in the order given, whatever order they finish in', async () => {
    const a = deferred<number>();
    const b = deferred<string>();
    const result = allInOrder(a.promise, b.promise);
    b.resolve('two');
    a.resolve(1);
    expect(await result).toEqual([1, 'two']);
  });

  it('waits for every step, then throws the first failed step’s error in the order given', async () => {
    const steps = [deferred(), deferred(), deferred(), deferred()] as const;
    let outcome: unknown = 'pending';
    void allInOrder(...steps.map((step) => step.promise)).then(
      (values) => (outcome = values),
      (err: unknown) => (outcome = err),
    );
    const first = new Error('first');
    steps[2].reject(new Error('second'));
    steps[1].reject(first);
    steps[0].resolve(1);
    await turn();
    expect(outcome).toBe('pending'); // the last step is still running
    steps[3].resolve(4);
    await turn();
    expect(outcome).toBe(first);
  });
});
