import { describe, expect, it } from 'vitest';
import {
  adjustFrequency,
  formatQuantity,
  frequencyError,
  frequencyFits,
  frequencyOptions,
  isLengthOption,
  lengthOptions,
  lengthRangesText,
  toDays,
} from '../src/index.ts';

describe('lengths and units', () => {
  it('converts units to days (week 7, month 30)', () => {
    expect(toDays(1, 'days')).toBe(1);
    expect(toDays(3, 'weeks')).toBe(21);
    expect(toDays(2, 'months')).toBe(60);
    expect(toDays(12, 'months')).toBe(360);
  });

  it('offers 2–31 days, 1–26 weeks, 1–12 months', () => {
    expect(lengthOptions('days')).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    expect(lengthOptions('weeks')).toHaveLength(26);
    expect(lengthOptions('months')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(isLengthOption(31, 'days')).toBe(true);
    expect(isLengthOption(1, 'days')).toBe(false);
    expect(isLengthOption(2, 'days')).toBe(true);
    expect(isLengthOption(1, 'weeks')).toBe(true);
    expect(isLengthOption(32, 'days')).toBe(false);
    expect(isLengthOption(26, 'weeks')).toBe(true);
    expect(isLengthOption(27, 'weeks')).toBe(false);
    expect(isLengthOption(0, 'months')).toBe(false);
    expect(isLengthOption(1.5, 'months')).toBe(false);
  });

  it.each([
    [1, 'days', '1 day'],
    [2, 'days', '2 days'],
    [0, 'days', '0 days'],
    [1, 'weeks', '1 week'],
    [3, 'weeks', '3 weeks'],
    [1, 'months', '1 month'],
    [12, 'months', '12 months'],
  ] as const)('formats %i %s as %s', (value, unit, expected) => {
    expect(formatQuantity(value, unit)).toBe(expected);
  });
});

describe('the half-length rule', () => {
  it('allows f ≤ L / 2, including exactly half', () => {
    expect(frequencyFits(15, 30)).toBe(true);
    expect(frequencyFits(16, 30)).toBe(false);
    expect(frequencyFits(7, 14)).toBe(true);
    expect(frequencyFits(1, 2)).toBe(true);
    expect(frequencyFits(1, 1)).toBe(false);
    expect(frequencyFits(0, 30)).toBe(false);
  });

  it('offers only lengths that leave a check-in frequency, and says so in one sentence', () => {
    for (const unit of ['days', 'weeks', 'months'] as const) {
      for (const value of lengthOptions(unit)) {
        expect(frequencyOptions(toDays(value, unit), 'days').length, `${value} ${unit}`).toBeGreaterThan(0);
      }
      expect(frequencyOptions(toDays(lengthOptions(unit)[0]! - 1, unit), 'days')).toEqual([]);
    }
    expect(lengthRangesText()).toBe('2–31 days, 1–26 weeks or 1–12 months');
  });

  it('filters frequency options to fit', () => {
    expect(frequencyOptions(30, 'days')).toEqual([1, 2, 3, 4, 5]);
    expect(frequencyOptions(6, 'days')).toEqual([1, 2, 3]);
    expect(frequencyOptions(30, 'weeks')).toEqual([1, 2]);
    expect(frequencyOptions(14, 'weeks')).toEqual([1]);
    expect(frequencyOptions(13, 'weeks')).toEqual([]);
    expect(frequencyOptions(70, 'weeks')).toEqual([1, 2, 3, 4, 5]);
    expect(frequencyOptions(1, 'days')).toEqual([]);
  });

  it.each([
    [30, 'days', 16, 'days', 'Check-in frequency must be 15 days or less (half of 30 days)'],
    [3, 'weeks', 2, 'weeks', 'Check-in frequency must be 1 week or less (half of 3 weeks)'],
    [3, 'weeks', 11, 'days', 'Check-in frequency must be 10 days or less (half of 3 weeks)'],
    [1, 'months', 3, 'weeks', 'Check-in frequency must be 2 weeks or less (half of 1 month)'],
    [1, 'weeks', 1, 'weeks', 'Check-in frequency must be 0 weeks or less (half of 1 week)'],
    [1, 'weeks', 4, 'days', 'Check-in frequency must be 3 days or less (half of 1 week)'],
    [3, 'days', 2, 'days', 'Check-in frequency must be 1 day or less (half of 3 days)'],
    [1, 'days', 1, 'days', 'Check-in frequency must be 0 days or less (half of 1 day)'],
  ] as const)('length %i %s, frequency %i %s → %s', (lv, lu, fv, fu, message) => {
    expect(frequencyError(lv, lu, fv, fu)).toBe(message);
  });

  it.each([
    [30, 'days', 15, 'days'],
    [2, 'weeks', 1, 'weeks'],
    [2, 'days', 1, 'days'],
    [1, 'months', 2, 'weeks'],
    [12, 'months', 5, 'weeks'],
  ] as const)('length %i %s accepts frequency %i %s', (lv, lu, fv, fu) => {
    expect(frequencyError(lv, lu, fv, fu)).toBeNull();
  });
});

describe('adjusting the frequency when the length changes', () => {
  it('keeps a frequency that still fits', () => {
    expect(adjustFrequency(30, 'days', { value: 5, unit: 'days' })).toEqual({ value: 5, unit: 'days' });
    expect(adjustFrequency(3, 'months', { value: 3, unit: 'weeks' })).toEqual({ value: 3, unit: 'weeks' });
  });

  it('resets a frequency that no longer fits to 1', () => {
    expect(adjustFrequency(6, 'days', { value: 5, unit: 'days' })).toEqual({ value: 1, unit: 'days' });
    expect(adjustFrequency(3, 'weeks', { value: 2, unit: 'weeks' })).toEqual({ value: 1, unit: 'weeks' });
  });

  it('falls back to days/1 when no week option fits', () => {
    expect(adjustFrequency(10, 'days', { value: 1, unit: 'weeks' })).toEqual({ value: 1, unit: 'days' });
    expect(adjustFrequency(1, 'weeks', { value: 1, unit: 'weeks' })).toEqual({ value: 1, unit: 'days' });
  });
});
