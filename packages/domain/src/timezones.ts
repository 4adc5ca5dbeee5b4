// The 35 timezones a user can choose in Settings, grouped by region (spec §2 Settings).
import { timeZoneOffsetMs } from './local-date.ts';

export const TIMEZONE_REGIONS = ['Americas', 'Europe', 'Asia', 'Australia & Pacific', 'UTC'] as const;
export type TimezoneRegion = (typeof TIMEZONE_REGIONS)[number];

export type TimezoneOption = { value: string; label: string; region: TimezoneRegion };

export const TIMEZONES: readonly TimezoneOption[] = [
  { value: 'America/New_York', label: 'Eastern Time (New York)', region: 'Americas' },
  { value: 'America/Chicago', label: 'Central Time (Chicago)', region: 'Americas' },
  { value: 'America/Denver', label: 'Mountain Time (Denver)', region: 'Americas' },
  { value: 'America/Phoenix', label: 'Mountain Time - Arizona (Phoenix)', region: 'Americas' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)', region: 'Americas' },
  { value: 'America/Anchorage', label: 'Alaska Time (Anchorage)', region: 'Americas' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time (Honolulu)', region: 'Americas' },
  { value: 'America/Halifax', label: 'Atlantic Time (Halifax)', region: 'Americas' },
  { value: 'America/St_Johns', label: 'Newfoundland Time (St. John’s)', region: 'Americas' },
  { value: 'America/Mexico_City', label: 'Mexico City', region: 'Americas' },
  { value: 'America/Bogota', label: 'Bogotá', region: 'Americas' },
  { value: 'America/Sao_Paulo', label: 'São Paulo', region: 'Americas' },
  { value: 'Europe/London', label: 'London', region: 'Europe' },
  { value: 'Europe/Dublin', label: 'Dublin', region: 'Europe' },
  { value: 'Europe/Paris', label: 'Paris', region: 'Europe' },
  { value: 'Europe/Berlin', label: 'Berlin', region: 'Europe' },
  { value: 'Europe/Madrid', label: 'Madrid', region: 'Europe' },
  { value: 'Europe/Athens', label: 'Athens', region: 'Europe' },
  { value: 'Europe/Istanbul', label: 'Istanbul', region: 'Europe' },
  { value: 'Europe/Moscow', label: 'Moscow', region: 'Europe' },
  { value: 'Asia/Dubai', label: 'Dubai', region: 'Asia' },
  { value: 'Asia/Karachi', label: 'Karachi', region: 'Asia' },
  { value: 'Asia/Kolkata', label: 'India (Kolkata)', region: 'Asia' },
  { value: 'Asia/Dhaka', label: 'Dhaka', region: 'Asia' },
  { value: 'Asia/Bangkok', label: 'Bangkok', region: 'Asia' },
  { value: 'Asia/Singapore', label: 'Singapore', region: 'Asia' },
  { value: 'Asia/Shanghai', label: 'China (Shanghai)', region: 'Asia' },
  { value: 'Asia/Tokyo', label: 'Tokyo', region: 'Asia' },
  { value: 'Australia/Perth', label: 'Perth', region: 'Australia & Pacific' },
  { value: 'Australia/Adelaide', label: 'Adelaide', region: 'Australia & Pacific' },
  { value: 'Australia/Sydney', label: 'Sydney', region: 'Australia & Pacific' },
  { value: 'Pacific/Auckland', label: 'Auckland', region: 'Australia & Pacific' },
  { value: 'Pacific/Pago_Pago', label: 'Samoa (Pago Pago)', region: 'Australia & Pacific' },
  { value: 'Pacific/Kiritimati', label: 'Line Islands (Kiritimati)', region: 'Australia & Pacific' },
  { value: 'UTC', label: 'UTC', region: 'UTC' },
];

const BY_VALUE = new Map(TIMEZONES.map((zone) => [zone.value, zone]));

/**
 * Other IANA names of the listed zones: the tz database's backward-compatible links to them (its
 * `backward` file), plus the GMT names, which ICU treats as UTC. Browsers may report either name:
 * Chromium, for one, says 'Asia/Calcutta' for India. Each alias maps to the listed zone it names.
 */
export const TIMEZONE_ALIASES: Readonly<Record<string, string>> = {
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  Navajo: 'America/Denver',
  'America/Shiprock': 'America/Denver',
  'US/Arizona': 'America/Phoenix',
  'US/Pacific': 'America/Los_Angeles',
  'US/Alaska': 'America/Anchorage',
  'US/Hawaii': 'Pacific/Honolulu',
  'Pacific/Johnston': 'Pacific/Honolulu',
  'Canada/Atlantic': 'America/Halifax',
  'Canada/Newfoundland': 'America/St_Johns',
  'Mexico/General': 'America/Mexico_City',
  'Brazil/East': 'America/Sao_Paulo',
  GB: 'Europe/London',
  'GB-Eire': 'Europe/London',
  'Europe/Belfast': 'Europe/London',
  Eire: 'Europe/Dublin',
  'Arctic/Longyearbyen': 'Europe/Berlin',
  'Atlantic/Jan_Mayen': 'Europe/Berlin',
  Turkey: 'Europe/Istanbul',
  'Asia/Istanbul': 'Europe/Istanbul',
  'W-SU': 'Europe/Moscow',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  Singapore: 'Asia/Singapore',
  PRC: 'Asia/Shanghai',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Chungking': 'Asia/Shanghai',
  'Asia/Harbin': 'Asia/Shanghai',
  Japan: 'Asia/Tokyo',
  'Australia/West': 'Australia/Perth',
  'Australia/South': 'Australia/Adelaide',
  'Australia/ACT': 'Australia/Sydney',
  'Australia/NSW': 'Australia/Sydney',
  'Australia/Canberra': 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  'Antarctica/South_Pole': 'Pacific/Auckland',
  'US/Samoa': 'Pacific/Pago_Pago',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  'Etc/UTC': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  UCT: 'UTC',
  Universal: 'UTC',
  Zulu: 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/GMT+0': 'UTC',
  'Etc/GMT-0': 'UTC',
  'Etc/GMT0': 'UTC',
  'Etc/Greenwich': 'UTC',
  GMT: 'UTC',
  'GMT+0': 'UTC',
  'GMT-0': 'UTC',
  GMT0: 'UTC',
  Greenwich: 'UTC',
};

const ALIASES = new Map(Object.entries(TIMEZONE_ALIASES));

/** The listed zone that `timeZone` names, itself or through an alias ('Asia/Calcutta' → 'Asia/Kolkata'); else null. */
export function listedTimezone(timeZone: string): string | null {
  if (BY_VALUE.has(timeZone)) return timeZone;
  return ALIASES.get(timeZone) ?? null;
}

/** The name to store and compare: the listed zone for a listed zone's alias, else the name itself. */
export function canonicalTimezone(timeZone: string): string {
  return listedTimezone(timeZone) ?? timeZone;
}

/** True when both names are the same zone: equal, or one an alias of the other. */
export function isSameTimezone(a: string, b: string): boolean {
  return canonicalTimezone(a) === canonicalTimezone(b);
}

/** True when `timeZone` is one of the 35 selectable zones. */
export function isSupportedTimezone(timeZone: unknown): timeZone is string {
  return typeof timeZone === 'string' && BY_VALUE.has(timeZone);
}

/** The zone's label ('Eastern Time (New York)'); the IANA name itself for zones outside the list. */
export function timezoneLabel(timeZone: string): string {
  return BY_VALUE.get(timeZone)?.label ?? timeZone;
}

/** The zones grouped by region, in display order. */
export function timezonesByRegion(): { region: TimezoneRegion; zones: TimezoneOption[] }[] {
  return TIMEZONE_REGIONS.map((region) => ({
    region,
    zones: TIMEZONES.filter((zone) => zone.region === region),
  }));
}

/** 'UTC+05:30', 'UTC-11:00', 'UTC+00:00': the zone's offset at `now`. */
export function formatUtcOffset(timeZone: string, now: Date | number): string {
  const offsetMinutes = Math.round(timeZoneOffsetMs(now, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Dropdown text: 'Eastern Time (New York) (UTC-05:00)'. */
export function timezoneOptionLabel(timeZone: string, now: Date | number): string {
  return `${timezoneLabel(timeZone)} (${formatUtcOffset(timeZone, now)})`;
}
