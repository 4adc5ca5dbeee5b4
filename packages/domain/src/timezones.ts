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
