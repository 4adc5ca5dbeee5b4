// A project's schedule in its own timezone: start, end, check-in dates, periods, missed and completed
// check-ins, the next check-in, and one summary of everything at `now` (RULES.md "Check-in periods").
import { daysLeft, daysLeftBadge, isFinishingSoon, listStatus, projectStatus } from './lifecycle.ts';
import type { DaysLeftBadge, ListStatus, ProjectStatus } from './lifecycle.ts';
import {
  addDays,
  daysBetween,
  endOfLocalDay,
  isLocalDate,
  localDateOf,
  maxDate,
  minDate,
  normalizeTimeZone,
  startOfLocalDay,
} from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import { progressBand, progressLabel, progressPercent } from './progress.ts';
import type { ProgressBand } from './progress.ts';
import { dueColour, dueLabel } from './relative-date.ts';
import type { DateColour } from './relative-date.ts';
import { DEFAULT_FREQUENCY_DAYS, DEFAULT_LENGTH_DAYS } from './units.ts';

/** What the schedule needs to know about a project. Absent length: 30 days; absent frequency: 7. */
export type ScheduleProject = {
  createdAt: Date;
  endDate?: Date | null;
  totalLengthDays?: number | null;
  checkInFrequencyDays?: number | null;
  timezone?: string | null;
  /** Check-in periods (k ≥ 1) the owner paused (RULES.md "Pauses"): counted in neither t nor m. */
  pausedPeriods?: readonly number[] | null;
  /** When the owner ended the project early: from then every unsatisfied period is missed. */
  endedEarlyAt?: Date | null;
};

/** A check-in, dated by `checkInProjectDate` (local date in the project's zone), else by `createdAt`. */
export type ScheduleCheckIn = { checkInProjectDate?: string | null; createdAt: Date };

export type Schedule = {
  timezone: string;
  /** Local date of creation; the project starts at its 00:00. */
  startDate: LocalDate;
  /** Last local date of the project (never before `startDate`). */
  endDate: LocalDate;
  startsAt: Date;
  endsAt: Date;
  /** Local days from start to end, inclusive. */
  lengthDays: number;
  frequencyDays: number;
  /** d_k = start + k·f while d_k ≤ end. */
  checkInDates: LocalDate[];
  /** Paused period indexes (absent: none). */
  paused?: ReadonlySet<number>;
  /** When the owner ended the project early (absent: it runs to its end). */
  endedEarlyAt?: Date | null;
};

function positiveInteger(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** Where a project starts and ends, without its check-in dates (a card needs no more). */
export type ScheduleBounds = Omit<Schedule, 'checkInDates' | 'paused'>;

/** Start and end of a project: what `projectSchedule` gives, but for the check-in dates. */
export function projectBounds(project: ScheduleProject): ScheduleBounds {
  const timezone = normalizeTimeZone(project.timezone);
  const startDate = localDateOf(project.createdAt, timezone);
  const startsAt = startOfLocalDay(startDate, timezone);
  const frequencyDays = positiveInteger(project.checkInFrequencyDays, DEFAULT_FREQUENCY_DAYS);
  let endDate: LocalDate;
  let endsAt: Date;
  if (project.endDate) {
    endsAt = project.endDate;
    endDate = maxDate(startDate, localDateOf(project.endDate, timezone));
  } else {
    const lengthDays = positiveInteger(project.totalLengthDays, DEFAULT_LENGTH_DAYS);
    endDate = addDays(startDate, lengthDays - 1);
    endsAt = endOfLocalDay(endDate, timezone);
  }
  const lengthDays = daysBetween(startDate, endDate) + 1;
  const endedEarlyAt = project.endedEarlyAt ?? null;
  return { timezone, startDate, endDate, startsAt, endsAt, lengthDays, frequencyDays, endedEarlyAt };
}

/** The instant a project stops: its end, or the moment the owner ended it early if that came first. */
export function effectiveEnd(bounds: Pick<Schedule, 'endsAt' | 'endedEarlyAt'>): Date {
  const early = bounds.endedEarlyAt;
  return early && early.getTime() < bounds.endsAt.getTime() ? early : bounds.endsAt;
}

/** Start, end and check-in dates of a project. */
export function projectSchedule(project: ScheduleProject): Schedule {
  const bounds = projectBounds(project);
  const { startDate, lengthDays, frequencyDays } = bounds;
  const checkInDates: LocalDate[] = [];
  for (let k = 0; k * frequencyDays <= lengthDays - 1; k += 1)
    checkInDates.push(addDays(startDate, k * frequencyDays));
  // Period 0 is never paused (its check-in is automatic); indexes beyond the schedule mean nothing.
  const paused = new Set(
    (project.pausedPeriods ?? []).filter((k) => Number.isInteger(k) && k >= 1 && k < checkInDates.length),
  );
  return { ...bounds, checkInDates, paused };
}

/** The period (0-based) containing a local date, or null outside start..end. */
export function periodIndexOf(schedule: Schedule, date: LocalDate): number | null {
  if (date < schedule.startDate || date > schedule.endDate) return null;
  return Math.floor(daysBetween(schedule.startDate, date) / schedule.frequencyDays);
}

/** Period k covers [d_k, d_(k+1) − 1]; the last one ends at the end date. */
export function periodRange(schedule: Schedule, index: number): { first: LocalDate; last: LocalDate } {
  const first = addDays(schedule.startDate, index * schedule.frequencyDays);
  const last = minDate(addDays(first, schedule.frequencyDays - 1), schedule.endDate);
  return { first, last };
}

/** The local date a check-in counts on: its project date, else the local date of its creation. */
export function checkInDateOf(checkIn: ScheduleCheckIn, timeZone: string): LocalDate {
  return isLocalDate(checkIn.checkInProjectDate)
    ? checkIn.checkInProjectDate
    : localDateOf(checkIn.createdAt, timeZone);
}

/** Indexes of periods with at least one check-in; period 0 (the automatic check-in) always. */
export function satisfiedPeriods(schedule: Schedule, checkIns: readonly ScheduleCheckIn[]): Set<number> {
  const satisfied = new Set<number>([0]);
  for (const checkIn of checkIns) {
    const index = periodIndexOf(schedule, checkInDateOf(checkIn, schedule.timezone));
    if (index !== null) satisfied.add(index);
  }
  return satisfied;
}

export type PeriodState = 'completed' | 'missed' | 'open' | 'paused';

export type Period = {
  index: number;
  /** d_k: the check-in date that opens the period. */
  date: LocalDate;
  /** The last local date of the period. */
  lastDate: LocalDate;
  state: PeriodState;
};

/**
 * Every period with its state at `now`: `paused` (the owner paused it: a check-in in it changes
 * nothing), `completed` (has a check-in), `missed` (closed without one: its last day is before today,
 * or the project has ended, early or at its end), `open` (not closed, no check-in yet).
 */
export function periods(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
): Period[] {
  const today = localDateOf(now, schedule.timezone);
  const ended = hasStopped(schedule, now);
  const satisfied = satisfiedPeriods(schedule, checkIns);
  return schedule.checkInDates.map((date, index) => {
    const { last } = periodRange(schedule, index);
    const closed = last < today || ended;
    const state: PeriodState = schedule.paused?.has(index)
      ? 'paused'
      : satisfied.has(index)
        ? 'completed'
        : closed
          ? 'missed'
          : 'open';
    return { index, date, lastDate: last, state };
  });
}

/** Whether the project has stopped at `now`: past its end, or ended early by its owner. */
export function hasStopped(schedule: Pick<Schedule, 'endsAt' | 'endedEarlyAt'>, now: Date | number): boolean {
  const t = typeof now === 'number' ? now : now.getTime();
  if (t > schedule.endsAt.getTime()) return true;
  return schedule.endedEarlyAt ? t >= schedule.endedEarlyAt.getTime() : false;
}

export type CheckInCounts = {
  /** t' = t − p: the periods that count. */
  total: number;
  missed: number;
  completed: number;
  /** p: paused periods (in neither total nor missed). */
  paused: number;
};

/** Total t' (paused periods left out), missed m, completed (satisfied) and paused periods at `now`. */
export function checkInCounts(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
): CheckInCounts {
  const all = periods(schedule, checkIns, now);
  const paused = all.filter((period) => period.state === 'paused').length;
  return {
    total: all.length - paused,
    missed: all.filter((period) => period.state === 'missed').length,
    completed: all.filter((period) => period.state === 'completed').length,
    paused,
  };
}

export type NextCheckIn = { date: LocalDate; overdue: boolean; label: string; colour: DateColour };

/**
 * The current period's d_k when it has no check-in yet (overdue when d_k is before today), else
 * d_(k+1) if it exists; paused periods are passed over. null once the project has ended (or was ended
 * early). Before the start, the current period is 0.
 */
export function nextCheckIn(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
): NextCheckIn | null {
  if (hasStopped(schedule, now)) return null;
  const today = localDateOf(now, schedule.timezone);
  const current = periodIndexOf(schedule, today) ?? 0;
  const satisfied = satisfiedPeriods(schedule, checkIns);
  let index = satisfied.has(current) || schedule.paused?.has(current) ? current + 1 : current;
  while (schedule.paused?.has(index)) index += 1;
  const date = schedule.checkInDates[index];
  if (date === undefined) return null;
  return { date, overdue: date < today, label: dueLabel(date, today), colour: dueColour(date, today) };
}

export type ProjectSummary = {
  status: ProjectStatus;
  listStatus: ListStatus;
  timezone: string;
  /** Today's local date in the project's zone. */
  today: LocalDate;
  startDate: LocalDate;
  endDate: LocalDate;
  startsAt: Date;
  endsAt: Date;
  lengthDays: number;
  frequencyDays: number;
  /** t': check-ins that count (paused periods left out). */
  totalCheckIns: number;
  missedCheckIns: number;
  completedCheckIns: number;
  pausedCheckIns: number;
  nextCheckIn: NextCheckIn | null;
  progressPercent: number;
  progressLabel: string;
  progressBand: ProgressBand;
  /** ceil((end − now) / 1 day), 0 once ended. */
  daysLeft: number;
  daysLeftBadge: DaysLeftBadge | null;
  finishingSoon: boolean;
  /** True once the end has passed (or the owner ended it early): no more check-ins, deletion allowed. */
  ended: boolean;
  endedEarly: boolean;
};

/** Everything the server and the web show about a project's schedule at `now`. */
export function projectSummary(
  project: ScheduleProject,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
): ProjectSummary {
  const schedule = projectSchedule(project);
  const { startsAt } = schedule;
  // An early end moves the lifecycle's end; the schedule (t, the check-in dates) stays as agreed.
  const early = schedule.endedEarlyAt;
  const t = typeof now === 'number' ? now : now.getTime();
  const endedEarly = !!early && early.getTime() < schedule.endsAt.getTime() && t >= early.getTime();
  const endsAt = endedEarly ? effectiveEnd(schedule) : schedule.endsAt;
  // The lifecycle counts an end as passed strictly after it; an early end has passed at its instant.
  const lifeEnd = endedEarly ? endsAt.getTime() - 1 : endsAt;
  const status = projectStatus(startsAt, lifeEnd, now);
  const counts = checkInCounts(schedule, checkIns, now);
  const percent = progressPercent(startsAt, lifeEnd, now);
  return {
    status,
    listStatus: listStatus(status),
    timezone: schedule.timezone,
    today: localDateOf(now, schedule.timezone),
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    startsAt,
    endsAt,
    lengthDays: schedule.lengthDays,
    frequencyDays: schedule.frequencyDays,
    totalCheckIns: counts.total,
    missedCheckIns: counts.missed,
    completedCheckIns: counts.completed,
    pausedCheckIns: counts.paused,
    nextCheckIn: nextCheckIn(schedule, checkIns, now),
    progressPercent: percent,
    progressLabel: progressLabel(percent),
    progressBand: progressBand(percent),
    daysLeft: daysLeft(lifeEnd, now),
    daysLeftBadge: daysLeftBadge(startsAt, lifeEnd, now),
    finishingSoon: isFinishingSoon(startsAt, lifeEnd, now),
    ended: status === 'completed',
    endedEarly,
  };
}

/** The explicit end instant to store for a new project created at `createdAt` (local end 23:59:59.999). */
export function endDateFor(createdAt: Date, lengthDays: number, timeZone: string): Date {
  const zone = normalizeTimeZone(timeZone);
  return endOfLocalDay(addDays(localDateOf(createdAt, zone), lengthDays - 1), zone);
}
