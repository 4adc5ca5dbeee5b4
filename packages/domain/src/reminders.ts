// Check-in reminders people control (issue 23): which channels, which moments (the evening before a
// check-in date, its morning, the morning after when still not done), and quiet hours in the owner's
// zone. Pure: the lifecycle tick asks what is due at `now` and records each reminder once.
import {
  addDays,
  endOfLocalDay,
  localDateOf,
  normalizeTimeZone,
  startOfLocalDay,
  timeZoneOffsetMs,
} from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import { periodIndexOf, periodRange, satisfiedPeriods, hasStopped } from './schedule.ts';
import type { Schedule, ScheduleCheckIn } from './schedule.ts';

export const REMINDER_CHANNELS = ['email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const REMINDER_TIMINGS = ['day-before', 'morning-of', 'overdue'] as const;
export type ReminderTiming = (typeof REMINDER_TIMINGS)[number];

/** Local time of each reminder, in minutes after midnight in the owner's zone. */
export const REMINDER_MINUTES: Record<ReminderTiming, number> = {
  'day-before': 18 * 60,
  'morning-of': 9 * 60,
  overdue: 9 * 60,
};

export const REMINDER_TIMING_LABELS: Record<ReminderTiming, string> = {
  'day-before': 'The evening before (6 pm)',
  'morning-of': 'The morning of the check-in (9 am)',
  overdue: 'The next morning, if I have not checked in',
};

/** Quiet hours: no reminder goes out from `start` to `end` (minutes after local midnight; may wrap). */
export type QuietHours = { start: number; end: number };

export type ReminderPrefs = {
  channels: Record<ReminderChannel, boolean>;
  timings: Record<ReminderTiming, boolean>;
  quietHours: QuietHours | null;
};

/** A project's own choices over the owner's (absent fields follow the owner's). */
export type ReminderOverride = {
  channels?: Partial<Record<ReminderChannel, boolean>>;
  timings?: Partial<Record<ReminderTiming, boolean>>;
};

/** What a new account gets: email on the check-in's morning and when overdue, as Kept always did. */
export const DEFAULT_REMINDER_PREFS: ReminderPrefs = {
  channels: { email: true, push: false },
  timings: { 'day-before': false, 'morning-of': true, overdue: true },
  quietHours: null,
};

export function effectivePrefs(owner: ReminderPrefs, override?: ReminderOverride | null): ReminderPrefs {
  return {
    channels: { ...owner.channels, ...override?.channels },
    timings: { ...owner.timings, ...override?.timings },
    quietHours: owner.quietHours,
  };
}

/** The instant of `minutes` after local midnight on `date` in `timeZone`, right across DST changes. */
export function atLocalTime(date: LocalDate, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const zone = normalizeTimeZone(timeZone);
  const guess = wall - timeZoneOffsetMs(wall, zone);
  return new Date(wall - timeZoneOffsetMs(guess, zone));
}

function minuteOfDay(instant: Date, timeZone: string): number {
  const local = instant.getTime() + timeZoneOffsetMs(instant, timeZone);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

function inQuietHours(minute: number, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** `instant`, or the end of the quiet hours it falls in (in the owner's zone). */
export function afterQuietHours(instant: Date, quiet: QuietHours | null, timeZone: string): Date {
  if (!quiet) return instant;
  const zone = normalizeTimeZone(timeZone);
  const minute = minuteOfDay(instant, zone);
  if (!inQuietHours(minute, quiet)) return instant;
  const today = localDateOf(instant, zone);
  const endDay = quiet.start < quiet.end || minute < quiet.end ? today : addDays(today, 1);
  return atLocalTime(endDay, quiet.end, zone);
}

export type PlannedReminder = {
  period: number;
  timing: ReminderTiming;
  at: Date;
  channels: ReminderChannel[];
};

/**
 * The reminders of period `k`: none for period 0 (its check-in is automatic), a paused period, or when no
 * channel is on. Each moment is moved out of quiet hours; one that would then fall after the period
 * (or, for the evening before, after the check-in date has begun) is dropped. A moment is never before
 * its local date has begun where the project lives.
 */
export function plannedReminders(
  schedule: Schedule,
  k: number,
  prefs: ReminderPrefs,
  ownerTimeZone: string,
): PlannedReminder[] {
  const date = schedule.checkInDates[k];
  if (k < 1 || date === undefined || schedule.paused?.has(k)) return [];
  const channels = REMINDER_CHANNELS.filter((c) => prefs.channels[c]);
  if (channels.length === 0) return [];
  const { last } = periodRange(schedule, k);
  const periodEnd = endOfLocalDay(last, schedule.timezone).getTime();
  const dateStart = startOfLocalDay(date, schedule.timezone).getTime();
  const moments: { timing: ReminderTiming; on: LocalDate; latest: number }[] = [
    { timing: 'day-before', on: addDays(date, -1), latest: dateStart - 1 },
    { timing: 'morning-of', on: date, latest: periodEnd },
  ];
  if (addDays(date, 1) <= last) moments.push({ timing: 'overdue', on: addDays(date, 1), latest: periodEnd });
  const planned: PlannedReminder[] = [];
  for (const moment of moments) {
    if (!prefs.timings[moment.timing]) continue;
    const wanted = atLocalTime(moment.on, REMINDER_MINUTES[moment.timing], ownerTimeZone).getTime();
    const dayBegun = startOfLocalDay(moment.on, schedule.timezone).getTime();
    const at = afterQuietHours(new Date(Math.max(wanted, dayBegun)), prefs.quietHours, ownerTimeZone);
    if (at.getTime() > moment.latest) continue;
    planned.push({ period: k, timing: moment.timing, at, channels });
  }
  return planned;
}

/**
 * The reminders due at `now` and not yet pointless: of the current period and the next one (the
 * evening-before reminder falls in the period before), whose moment has come, whose period has no
 * check-in yet and has not closed. The caller records each (period, timing) once.
 */
export function remindersDue(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  prefs: ReminderPrefs,
  ownerTimeZone: string,
  now: Date,
): PlannedReminder[] {
  if (hasStopped(schedule, now)) return [];
  const today = localDateOf(now, schedule.timezone);
  const current = periodIndexOf(schedule, today) ?? 0;
  const satisfied = satisfiedPeriods(schedule, checkIns);
  return [current, current + 1]
    .filter((k) => !satisfied.has(k))
    .flatMap((k) => plannedReminders(schedule, k, prefs, ownerTimeZone))
    .filter((r) => r.at.getTime() <= now.getTime());
}

/** The next instant after `now` at which a reminder of the current or next period becomes due, or null. */
export function nextReminderAt(
  schedule: Schedule,
  prefs: ReminderPrefs,
  ownerTimeZone: string,
  now: Date,
): Date | null {
  if (hasStopped(schedule, now)) return null;
  const current = periodIndexOf(schedule, localDateOf(now, schedule.timezone)) ?? 0;
  const times = [current, current + 1]
    .flatMap((k) => plannedReminders(schedule, k, prefs, ownerTimeZone))
    .map((r) => r.at.getTime())
    .filter((t) => t > now.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}
