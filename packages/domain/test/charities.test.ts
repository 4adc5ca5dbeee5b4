import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHARITIES,
  CHARITY_FUND,
  FORFEIT_DESTINATION_IDS,
  charityAccount,
  forfeitDestination,
  splitEvenly,
} from '../src/index.ts';

describe('the charities forfeits can go to', () => {
  it('are a short list with a name, registration, site and one line each, and the fund', () => {
    expect(CHARITIES.length).toBeGreaterThanOrEqual(3);
    for (const charity of CHARITIES) {
      expect(charity.registration).toMatch(/^EIN \d{2}-\d{7}$/);
      expect(charity.site).toMatch(/^https:\/\//);
      expect(charity.summary.length).toBeLessThanOrEqual(100);
    }
    expect(new Set(FORFEIT_DESTINATION_IDS).size).toBe(CHARITIES.length + 1);
    expect(forfeitDestination('kept-fund')).toBe(CHARITY_FUND);
    expect(forfeitDestination('givedirectly')?.name).toBe('GiveDirectly');
    expect(forfeitDestination('nobody')).toBeNull();
    expect(charityAccount('wikimedia')).toBe('charity:wikimedia');
  });
});

describe('splitting the fund', () => {
  it('gives the first shares the leftover cents', () => {
    expect(splitEvenly(1_001, 5)).toEqual([201, 200, 200, 200, 200]);
    expect(splitEvenly(3, 5)).toEqual([1, 1, 1, 0, 0]);
    expect(() => splitEvenly(-1, 2)).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(RangeError);
  });

  it('adds up to the amount exactly, shares differing by at most a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 50 }), (cents, parts) => {
        const shares = splitEvenly(cents, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
