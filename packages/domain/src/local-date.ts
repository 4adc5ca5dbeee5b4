// Local dates ('YYYY-MM-DD') and the instants that bound them, in any IANA timezone.
// Pure: only Intl.DateTimeFormat, no date library, no "now".

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

export const DEFAULT_TIMEZONE = 'UTC';
export const DAY_MS = 86_400_000;

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA name this runtime knows (e.g. 'Europe/Paris', 'UTC'). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The timezone to compute with: the given one when valid, else 'UTC'. */
export function normalizeTimeZone(timeZone: string | null | undefined): string {
  return isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

function toMs(instant: Date | number): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallTimeOf(ms: number, timeZone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatYmd(year: number, month: number, day: number): LocalDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Offset of `timeZone` from UTC at `instant`, in ms (UTC+05:30 → 19_800_000). */
export function timeZoneOffsetMs(instant: Date | number, timeZone: string): number {
  const ms = toMs(instant);
  const whole = Math.floor(ms / 1000) * 1000;
  const w = wallTimeOf(whole, normalizeTimeZone(timeZone));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: Date | number, timeZone: string): LocalDate {
  const w = wallTimeOf(toMs(instant), normalizeTimeZone(timeZone));
  return formatYmd(w.year, w.month, w.day);
}

/** True for a real calendar date written 'YYYY-MM-DD' ('2026-02-29' is false, '2028-02-29' true). */
export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== 'string') return false;
  const match = LOCAL_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(date: LocalDate): [number, number, number] {
  const match = LOCAL_DATE_PATTERN.exec(date);
  if (!match || !isLocalDate(date)) throw new RangeError(`Not a local date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function utcMidnight(date: LocalDate): number {
  const [year, month, day] = parts(date);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function fromUtcMidnight(ms: number): LocalDate {
  const d = new Date(ms);
  return formatYmd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtcMidnight(utcMidnight(date) + Math.trunc(days) * DAY_MS);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Day of the week of a local date: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/** The smaller of two local dates. */
export function minDate(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

/** The larger of two local dates. */
export function maxDate(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}

/**
 * The first instant of `date` in `timeZone` (local 00:00). When a daylight-saving change skips
 * midnight, this is the first instant that exists on that date.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const zone = normalizeTimeZone(timeZone);
  const wall = utcMidnight(date);
  const offsets = new Set<number>();
  const first = timeZoneOffsetMs(wall, zone);
  offsets.add(first);
  const second = timeZoneOffsetMs(wall - first, zone);
  offsets.add(second);
  offsets.add(timeZoneOffsetMs(wall - second, zone));
  offsets.add(timeZoneOffsetMs(wall - DAY_MS / 2, zone));
  offsets.add(timeZoneOffsetMs(wall + DAY_MS / 2, zone));
  let best: number | undefined;
  for (const offset of offsets) {
    const candidate = wall - offset;
    if (localDateOf(candidate, zone) !== date) continue;
    if (localDateOf(candidate - 1, zone) === date) continue; // not the first instant of the day
    if (best === undefined || candidate < best) best = candidate;
  }
  if (best === undefined) {
    // A skipped calendar day (e.g. Pacific/Apia, 2011-12-30): it starts where the next day starts.
    best = wall - first;
  }
  return new Date(best);
}

/** The last millisecond of `date` in `timeZone` (local 23:59:59.999). */
export function endOfLocalDay(date: LocalDate, timeZone: string): Date {
  return new Date(startOfLocalDay(addDays(date, 1), timeZone).getTime() - 1);
}
