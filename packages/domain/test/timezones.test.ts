import { describe, expect, it } from 'vitest';
import {
  TIMEZONES,
  TIMEZONE_ALIASES,
  TIMEZONE_REGIONS,
  canonicalTimezone,
  isSameTimezone,
  listedTimezone,
  formatUtcOffset,
  isSupportedTimezone,
  isValidTimeZone,
  timeZoneOffsetMs,
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

describe('timezone aliases', () => {
  // The tz database's links to the listed zones (its `backward` file, as in tzdata 2025b), and the GMT
  // names ICU reads as UTC. Written out here so that a name dropped from the table fails this test.
  const KNOWN_ALIASES: Record<string, string[]> = {
    'America/New_York': ['US/Eastern'],
    'America/Chicago': ['US/Central'],
    'America/Denver': ['Navajo', 'US/Mountain', 'America/Shiprock'],
    'America/Phoenix': ['US/Arizona'],
    'America/Los_Angeles': ['US/Pacific'],
    'America/Anchorage': ['US/Alaska'],
    'Pacific/Honolulu': ['US/Hawaii', 'Pacific/Johnston'],
    'America/Halifax': ['Canada/Atlantic'],
    'America/St_Johns': ['Canada/Newfoundland'],
    'America/Mexico_City': ['Mexico/General'],
    'America/Sao_Paulo': ['Brazil/East'],
    'Europe/London': ['GB', 'GB-Eire', 'Europe/Belfast'],
    'Europe/Dublin': ['Eire'],
    'Europe/Berlin': ['Arctic/Longyearbyen', 'Atlantic/Jan_Mayen'],
    'Europe/Istanbul': ['Turkey', 'Asia/Istanbul'],
    'Europe/Moscow': ['W-SU'],
    'Asia/Kolkata': ['Asia/Calcutta'],
    'Asia/Dhaka': ['Asia/Dacca'],
    'Asia/Singapore': ['Singapore'],
    'Asia/Shanghai': ['PRC', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Chungking'],
    'Asia/Tokyo': ['Japan'],
    'Australia/Perth': ['Australia/West'],
    'Australia/Adelaide': ['Australia/South'],
    'Australia/Sydney': ['Australia/ACT', 'Australia/NSW', 'Australia/Canberra'],
    'Pacific/Auckland': ['NZ', 'Antarctica/South_Pole'],
    'Pacific/Pago_Pago': ['US/Samoa', 'Pacific/Samoa'],
    UTC: [
      'Etc/UTC',
      'Etc/UCT',
      'Etc/Universal',
      'Etc/Zulu',
      'UCT',
      'Universal',
      'Zulu',
      'Etc/GMT',
      'GMT',
      'Etc/GMT+0',
      'Etc/GMT-0',
      'Etc/GMT0',
      'Etc/Greenwich',
      'GMT+0',
      'GMT-0',
      'GMT0',
      'Greenwich',
    ],
  };

  it('maps every known alias of every listed zone onto that zone', () => {
    for (const zone of TIMEZONES) {
      expect(listedTimezone(zone.value)).toBe(zone.value);
      for (const alias of KNOWN_ALIASES[zone.value] ?? []) {
        expect(listedTimezone(alias), alias).toBe(zone.value);
        expect(canonicalTimezone(alias), alias).toBe(zone.value);
        expect(isSameTimezone(alias, zone.value), alias).toBe(true);
        expect(isSameTimezone(zone.value, alias), alias).toBe(true);
      }
    }
    const known = Object.values(KNOWN_ALIASES).flat().sort();
    expect(Object.keys(TIMEZONE_ALIASES).sort()).toEqual(known);
  });

  it("lists only real aliases: the runtime knows each, and it keeps its zone's clock", () => {
    const instants = [
      '1975-07-01T00:00:00Z',
      '1999-01-15T12:00:00Z',
      '2016-07-01T12:00:00Z',
      '2026-01-15T12:00:00Z',
      '2026-07-15T12:00:00Z',
    ].map((iso) => new Date(iso));
    for (const [alias, zone] of Object.entries(TIMEZONE_ALIASES)) {
      expect(isValidTimeZone(alias), alias).toBe(true);
      for (const at of instants) {
        expect(timeZoneOffsetMs(at, alias), `${alias} at ${at.toISOString()}`).toBe(
          timeZoneOffsetMs(at, zone),
        );
      }
    }
  });

  it('compares other zones by name, and keeps unlisted names as they are', () => {
    expect(listedTimezone('Europe/Vilnius')).toBeNull();
    expect(canonicalTimezone('Europe/Vilnius')).toBe('Europe/Vilnius');
    expect(isSameTimezone('Europe/Vilnius', 'Europe/Vilnius')).toBe(true);
    expect(isSameTimezone('Asia/Calcutta', 'Asia/Dhaka')).toBe(false);
    expect(isSameTimezone('Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(isSameTimezone('GMT', 'Europe/London')).toBe(false);
  });
});
