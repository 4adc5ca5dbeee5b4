// Local dates ('YYYY-MM-DD') and the instants that bound them, in any IANA timezone.
// Pure: only Intl.DateTimeFormat, no date library, no "now".

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

export const DEFAULT_TIMEZONE = 'UTC';
export const DAY_MS = 86_400_000;

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
      // With the era, a year before 1 AD is told apart from the year after it ('1 BC' is year 0).
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA name this runtime knows (e.g. 'Europe/Paris', 'UTC'). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  if (formatters.has(timeZone)) return true;
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
  let beforeChrist = false;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
    else if (part.type === 'era') beforeChrist = part.value === 'BC';
  }
  if (beforeChrist) wall.year = 1 - wall.year;
  return wall;
}

/** Date.UTC for any year (Date.UTC itself reads years 0-99 as 1900-1999). */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatYmd(year: number, month: number, day: number): LocalDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function rawOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const w = wallTimeOf(whole, timeZone);
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - whole;
}

// Offsets change only at transitions, so they are cached per zone and hour. An hour whose two ends
// disagree holds a transition and is never cached (NaN marks it); those instants are computed exactly.
const OFFSET_BUCKET_MS = 3_600_000;
const OFFSET_CACHE_LIMIT = 100_000;
/** Per zone, offset by hour bucket (number keys: no key string is built on the hot path). */
const offsetCache = new Map<string, Map<number, number>>();
let offsetCacheSize = 0;

function offsetAt(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
  let zone = offsetCache.get(timeZone);
  if (zone === undefined) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  let cached = zone.get(bucket);
  if (cached === undefined) {
    const first = rawOffsetMs(bucket * OFFSET_BUCKET_MS, timeZone);
    const last = rawOffsetMs((bucket + 1) * OFFSET_BUCKET_MS - 1000, timeZone);
    cached = first === last ? first : Number.NaN;
    if (offsetCacheSize >= OFFSET_CACHE_LIMIT) {
      offsetCache.clear();
      offsetCacheSize = 0;
      zone = new Map();
      offsetCache.set(timeZone, zone);
    }
    zone.set(bucket, cached);
    offsetCacheSize += 1;
  }
  return Number.isNaN(cached) ? rawOffsetMs(ms, timeZone) : cached;
}

/** Offset of `timeZone` from UTC at `instant`, in ms (UTC+05:30 → 19_800_000). */
export function timeZoneOffsetMs(instant: Date | number, timeZone: string): number {
  return offsetAt(toMs(instant), normalizeTimeZone(timeZone));
}

/** The UTC midnight that stands for the calendar date of `ms` in `zone` (a normalized zone). */
function localMidnightOf(ms: number, zone: string): number {
  return Math.floor((ms + offsetAt(ms, zone)) / DAY_MS) * DAY_MS;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: Date | number, timeZone: string): LocalDate {
  return fromUtcMidnight(localMidnightOf(toMs(instant), normalizeTimeZone(timeZone)));
}

// Parses 'YYYY-MM-DD' without regular expressions (hot path); null unless it is a real date.
function parseParts(value: string): [number, number, number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  for (let i = 0; i < 10; i += 1) {
    if (i === 4 || i === 7) continue;
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    if (i < 4) year = year * 10 + digit;
    else if (i < 7) month = month * 10 + digit;
    else day = day * 10 + digit;
  }
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > 28 && day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

/** True for a real calendar date written 'YYYY-MM-DD' ('2026-02-29' is false, '2028-02-29' true). */
export function isLocalDate(value: unknown): value is LocalDate {
  return typeof value === 'string' && parseParts(value) !== null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Conversions between local dates and day numbers repeat a lot (every period of every project);
// both directions are memoized, within a bound.
const MEMO_LIMIT = 50_000;
const midnightByDate = new Map<string, number>();
const dateByMidnight = new Map<number, LocalDate>();

function utcMidnight(date: LocalDate): number {
  let ms = midnightByDate.get(date);
  if (ms === undefined) {
    ms = computeUtcMidnight(date);
    if (midnightByDate.size >= MEMO_LIMIT) midnightByDate.clear();
    midnightByDate.set(date, ms);
  }
  return ms;
}

function computeUtcMidnight(date: LocalDate): number {
  const parts = parseParts(date);
  if (!parts) throw new RangeError(`Not a local date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = parts;
  return utcMs(year, month, day);
}

function fromUtcMidnight(ms: number): LocalDate {
  let date = dateByMidnight.get(ms);
  if (date === undefined) {
    const d = new Date(ms);
    date = formatYmd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
    if (dateByMidnight.size >= MEMO_LIMIT) dateByMidnight.clear();
    dateByMidnight.set(ms, date);
  }
  return date;
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
  return new Date(firstInstantOfDay(utcMidnight(date), normalizeTimeZone(timeZone)));
}

/**
 * The first instant of the local day whose UTC midnight is `wall`, in `zone`. Days are compared as
 * numbers, never as strings, so the day after 9999-12-31 (which no 'YYYY-MM-DD' names) works too.
 */
function firstInstantOfDay(wall: number, zone: string): number {
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
    if (localMidnightOf(candidate, zone) !== wall) continue;
    if (localMidnightOf(candidate - 1, zone) === wall) continue; // not the first instant of the day
    if (best === undefined || candidate < best) best = candidate;
  }
  if (best === undefined) {
    // A skipped calendar day (e.g. Pacific/Apia, 2011-12-30): it starts where the next day starts.
    best = wall - first;
  }
  return best;
}

/** The last millisecond of `date` in `timeZone` (local 23:59:59.999). */
export function endOfLocalDay(date: LocalDate, timeZone: string): Date {
  return new Date(firstInstantOfDay(utcMidnight(date) + DAY_MS, normalizeTimeZone(timeZone)) - 1);
}
