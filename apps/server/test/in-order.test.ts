import { describe, expect, it } from 'vitest';
import { allInOrder } from '../src/in-order.ts';

/** A step that settles after `ms` (a timer: steps finish out of their order) and records that it ran. */
const step = <T>(ran: string[], name: string, ms: number, outcome: { value: T } | { error: Error }) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      ran.push(name);
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    }, ms),
  );

describe('allInOrder', () => {
  it('answers every step’s value in the order given', async () => {
    const ran: string[] = [];
    const values = await allInOrder(step(ran, 'a', 20, { value: 1 }), step(ran, 'b', 0, { value: 'two' }));
    expect(values).toEqual([1, 'two']);
    expect(ran).toEqual(['b', 'a']);
  });

  it('throws the first failed step’s error in the order given, once every step has run', async () => {
    const ran: string[] = [];
    const first = new Error('first');
    const result = allInOrder(
      step(ran, 'a', 0, { value: 1 }),
      step(ran, 'b', 30, { error: first }),
      step(ran, 'c', 0, { error: new Error('second') }),
      step(ran, 'd', 40, { value: 4 }),
    );
    await expect(result).rejects.toBe(first);
    expect(ran.sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
