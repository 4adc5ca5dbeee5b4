import { describe, expect, it } from 'vitest';
import {
  TIMEZONES,
  TIMEZONE_REGIONS,
  formatUtcOffset,
  isSupportedTimezone,
  isValidTimeZone,
  timezoneLabel,
  timezoneOptionLabel,
  timezonesByRegion,
} from '../src/index.ts';

describe('settings timezones', () => {
  it('lists 35 distinct, valid zones in five regions', () => {
    expect(TIMEZONES).toHaveLength(35);
    expect(new Set(TIMEZONES.map((zone) => zone.value)).size).toBe(35);
    for (const zone of TIMEZONES) expect(isValidTimeZone(zone.value), zone.value).toBe(true);
    expect(TIMEZONE_REGIONS).toEqual(['Americas', 'Europe', 'Asia', 'Australia & Pacific', 'UTC']);
    const groups = timezonesByRegion();
    expect(groups.map((group) => group.region)).toEqual([...TIMEZONE_REGIONS]);
    expect(groups.every((group) => group.zones.length > 0)).toBe(true);
    expect(groups.reduce((sum, group) => sum + group.zones.length, 0)).toBe(35);
  });

  it('includes UTC and the extreme zones', () => {
    expect(isSupportedTimezone('UTC')).toBe(true);
    expect(isSupportedTimezone('Pacific/Pago_Pago')).toBe(true);
    expect(isSupportedTimezone('Pacific/Kiritimati')).toBe(true);
    expect(isSupportedTimezone('Europe/Vilnius')).toBe(false);
    expect(isSupportedTimezone(7)).toBe(false);
  });

  it('labels zones with their offsets', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(formatUtcOffset('America/New_York', winter)).toBe('UTC-05:00');
    expect(formatUtcOffset('Asia/Kolkata', winter)).toBe('UTC+05:30');
    expect(formatUtcOffset('Pacific/Kiritimati', winter)).toBe('UTC+14:00');
    expect(formatUtcOffset('UTC', winter)).toBe('UTC+00:00');
    expect(formatUtcOffset('America/St_Johns', winter)).toBe('UTC-03:30');
    expect(timezoneLabel('America/New_York')).toBe('Eastern Time (New York)');
    expect(timezoneLabel('Europe/Vilnius')).toBe('Europe/Vilnius');
    expect(timezoneOptionLabel('Asia/Tokyo', winter)).toBe('Tokyo (UTC+09:00)');
  });
});
