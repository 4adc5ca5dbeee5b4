// The check-in calendar: a Sun–Sat grid from start to end, each day with exactly one status.
import { addDays, localDateOf, weekdayOf } from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import { periods } from './schedule.ts';
import type { Schedule, ScheduleCheckIn } from './schedule.ts';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const CALENDAR_STATUSES = [
  'completed-checkin',
  'missed-checkin',
  'future-checkin',
  'paused-checkin',
  'today',
  'past-non-checkin',
  'empty',
] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

/** Legend texts of the calendar (spec §2 Project detail). */
export const CALENDAR_LEGEND = [
  { status: 'completed-checkin', label: 'Completed' },
  { status: 'missed-checkin', label: 'Missed' },
  { status: 'today', label: 'Today' },
  { status: 'future-checkin', label: 'Check-in scheduled' },
  { status: 'past-non-checkin', label: 'Regular day' },
] as const satisfies readonly { status: CalendarStatus; label: string }[];

/** The legend's entry for paused periods, shown when a project has a pause (RULES.md "Pauses"). */
export const PAUSED_LEGEND = { status: 'paused-checkin', label: 'Paused' } as const satisfies {
  status: CalendarStatus;
  label: string;
};

export type CalendarDay = {
  date: LocalDate;
  isCheckInDate: boolean;
  isPast: boolean;
  isFuture: boolean;
  isToday: boolean;
  /** The day is a check-in date whose period has a check-in. */
  hasCheckIn: boolean;
  status: Exclude<CalendarStatus, 'empty'>;
};

export type CalendarCell = CalendarDay | { date: null; status: 'empty' };

export type Calendar = {
  /** The project's days, start to end. */
  days: CalendarDay[];
  /** Leading `empty` padding so the first day sits in its weekday column, then the days. */
  cells: CalendarCell[];
  /** `cells` in rows of 7 (Sun–Sat); the last row may be shorter. */
  weeks: CalendarCell[][];
};

/**
 * Day status: a check-in date d_k is `completed-checkin` (period satisfied; always for the start
 * day), `missed-checkin` (period missed), `paused-checkin` (period paused by the owner) or
 * `future-checkin` (period open, not yet satisfied). Any
 * other day is `today` when it is today, else `past-non-checkin` (the legend's "Regular day", used
 * for regular days before and after today; `isPast`/`isFuture` tell them apart).
 */
export function buildCalendar(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
): Calendar {
  const today = localDateOf(now, schedule.timezone);
  const byDate = new Map(periods(schedule, checkIns, now).map((period) => [period.date, period]));
  const days: CalendarDay[] = [];
  for (let date = schedule.startDate; date <= schedule.endDate; date = addDays(date, 1)) {
    const period = byDate.get(date);
    const isToday = date === today;
    let status: CalendarDay['status'];
    if (period) {
      status =
        period.state === 'completed'
          ? 'completed-checkin'
          : period.state === 'missed'
            ? 'missed-checkin'
            : period.state === 'paused'
              ? 'paused-checkin'
              : 'future-checkin';
    } else {
      status = isToday ? 'today' : 'past-non-checkin';
    }
    days.push({
      date,
      isCheckInDate: period !== undefined,
      isPast: date < today,
      isFuture: date > today,
      isToday,
      hasCheckIn: period?.state === 'completed',
      status,
    });
  }
  const padding = weekdayOf(schedule.startDate);
  const cells: CalendarCell[] = [
    ...Array.from({ length: padding }, (): CalendarCell => ({ date: null, status: 'empty' })),
    ...days,
  ];
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { days, cells, weeks };
}
