import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  endOfLocalDay,
  isLocalDate,
  isValidTimeZone,
  localDateOf,
  normalizeTimeZone,
  startOfLocalDay,
  timeZoneOffsetMs,
  weekdayOf,
} from '../src/index.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('local dates', () => {
  it.each([
    ['2026-03-01', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2100-02-29', false],
    ['2000-02-29', true],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-4-1', false],
    ['not a date', false],
  ])('isLocalDate(%s) is %s', (value, expected) => {
    expect(isLocalDate(value)).toBe(expected);
  });

  it('adds days across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-01', 29)).toBe('2026-03-30');
  });

  it('counts days between local dates', () => {
    expect(daysBetween('2026-03-01', '2026-03-30')).toBe(29);
    expect(daysBetween('2026-03-30', '2026-03-01')).toBe(-29);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2027-02-01', '2027-03-01')).toBe(28);
  });

  it('knows weekdays (0 = Sunday)', () => {
    expect(weekdayOf('2026-03-01')).toBe(0);
    expect(weekdayOf('2026-03-04')).toBe(3);
    expect(weekdayOf('2026-03-07')).toBe(6);
  });

  it('refuses malformed dates when computing', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('timezones', () => {
  it('validates IANA names and falls back to UTC', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(normalizeTimeZone(null)).toBe('UTC');
    expect(normalizeTimeZone('Nowhere/Land')).toBe('UTC');
    expect(normalizeTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('computes offsets, including half-hour and extreme zones', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneOffsetMs(at, 'UTC')).toBe(0);
    expect(timeZoneOffsetMs(at, 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(timeZoneOffsetMs(at, 'Pacific/Pago_Pago')).toBe(-11 * HOUR);
    expect(timeZoneOffsetMs(at, 'Pacific/Kiritimati')).toBe(14 * HOUR);
    expect(timeZoneOffsetMs(at, 'America/New_York')).toBe(-5 * HOUR);
    expect(timeZoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
  });

  it('gives the local date of an instant', () => {
    const instant = new Date('2026-03-01T10:00:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-01');
    expect(localDateOf(instant, 'Pacific/Pago_Pago')).toBe('2026-02-28');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-03-02');
    expect(localDateOf(instant.getTime(), 'Asia/Tokyo')).toBe('2026-03-01');
  });

  it('finds local midnight and 23:59:59.999', () => {
    expect(startOfLocalDay('2026-03-01', 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(endOfLocalDay('2026-03-01', 'UTC').toISOString()).toBe('2026-03-01T23:59:59.999Z');
    expect(startOfLocalDay('2026-03-01', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(endOfLocalDay('2026-03-01', 'Pacific/Pago_Pago').toISOString()).toBe('2026-03-02T10:59:59.999Z');
    expect(startOfLocalDay('2026-01-10', 'Asia/Kolkata').toISOString()).toBe('2026-01-09T18:30:00.000Z');
  });

  it('handles a spring-forward day (23 hours long)', () => {
    const start = startOfLocalDay('2026-03-08', 'America/New_York');
    const end = endOfLocalDay('2026-03-08', 'America/New_York');
    expect(start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(end.getTime() + 1 - start.getTime()).toBe(23 * HOUR);
  });

  it('handles a fall-back day (25 hours long)', () => {
    const start = startOfLocalDay('2026-11-01', 'America/New_York');
    const end = endOfLocalDay('2026-11-01', 'America/New_York');
    expect(end.getTime() + 1 - start.getTime()).toBe(25 * HOUR);
  });

  it('starts a day whose midnight is skipped at the first instant that exists', () => {
    // Chile springs forward at 00:00 → 01:00.
    const start = startOfLocalDay('2025-09-07', 'America/Santiago');
    expect(localDateOf(start, 'America/Santiago')).toBe('2025-09-07');
    expect(localDateOf(start.getTime() - 1, 'America/Santiago')).toBe('2025-09-06');
  });
});

describe('the edges of the calendar', () => {
  /** The local date of an instant, straight from Intl (with the era, so 1 BC is year 0000). */
  function intlDate(ms: number, timeZone: string): string {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(ms);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    const year = part('era') === 'BC' ? 1 - Number(part('year')) : Number(part('year'));
    return `${String(year).padStart(4, '0')}-${part('month')}-${part('day')}`;
  }
  const ZONES = [
    'UTC',
    'America/New_York',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Asia/Kolkata',
    'Europe/London',
    'Australia/Lord_Howe',
  ];

  /** The day's first and last instants lie on the day, and the instants just outside them do not. */
  function expectBounds(date: string, timeZone: string) {
    const what = `${date} in ${timeZone}`;
    const start = startOfLocalDay(date, timeZone).getTime();
    const end = endOfLocalDay(date, timeZone).getTime();
    expect(intlDate(start, timeZone), what).toBe(date);
    expect(intlDate(start - 1, timeZone), what).not.toBe(date);
    expect(intlDate(end, timeZone), what).toBe(date);
    expect(intlDate(end + 1, timeZone), what).not.toBe(date);
  }

  it.each(ZONES)('bounds the first and last days a date field accepts, in %s', (timeZone) => {
    for (const date of ['0000-01-01', '0001-01-01', '0099-12-31', '0100-01-01', '1000-01-01', '9999-12-31']) {
      expect(isLocalDate(date)).toBe(true);
      expectBounds(date, timeZone);
    }
  });

  it('bounds every day of the calendar a date field accepts, in any zone', () => {
    const day = fc
      .integer({
        min: Date.parse('0000-01-01T00:00:00Z') / DAY,
        max: Date.parse('9999-12-31T00:00:00Z') / DAY,
      })
      .map((n) => new Date(n * DAY).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom(...ZONES), (date, timeZone) => {
        expect(isLocalDate(date)).toBe(true);
        expectBounds(date, timeZone);
      }),
      { seed: 20_261_125, numRuns: 300 },
    );
  });
});
