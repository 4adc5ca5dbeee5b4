// What a person can see of their own consistency (issue 23): the current streak of satisfied periods,
// the completion rate, a year of check-ins as a heatmap, and the window in which a check-in can be fixed.
import { addDays, weekdayOf } from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import type { Period } from './schedule.ts';

/** A check-in can be edited or deleted for this long after it was posted; then it is permanent. */
export const CHECK_IN_EDIT_WINDOW_MS = 15 * 60_000;

export const HISTORY_MESSAGES = {
  editWindowClosed:
    'A check-in can be changed only in the 15 minutes after posting it. This one is now permanent.',
} as const;

/** Why a check-in posted at `createdAt` can no longer be changed at `now`, or null. */
export function checkInEditRefusal(createdAt: Date, now: Date | number): string | null {
  const t = typeof now === 'number' ? now : now.getTime();
  return t - createdAt.getTime() < CHECK_IN_EDIT_WINDOW_MS ? null : HISTORY_MESSAGES.editWindowClosed;
}

/** Until when a check-in posted at `createdAt` can be changed. */
export function checkInEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CHECK_IN_EDIT_WINDOW_MS);
}

/**
 * The current streak: satisfied periods counted back from the latest one, up to the first missed one.
 * Paused periods are passed over (a pause never breaks a streak), and so is a period still open (it has
 * not been missed yet).
 */
export function currentStreak(periods: readonly Pick<Period, 'state'>[]): number {
  let streak = 0;
  for (let i = periods.length - 1; i >= 0; i -= 1) {
    const state = periods[i]!.state;
    if (state === 'paused' || state === 'open') continue;
    if (state === 'missed') break;
    streak += 1;
  }
  return streak;
}

/** Completed periods as a whole percentage of the periods decided so far (done or missed), or null. */
export function completionRate(periods: readonly Pick<Period, 'state'>[]): number | null {
  const completed = periods.filter((p) => p.state === 'completed').length;
  const decided = completed + periods.filter((p) => p.state === 'missed').length;
  return decided === 0 ? null : Math.floor((completed * 100) / decided);
}

export type HeatmapDay = { date: LocalDate; count: number; level: 0 | 1 | 2 | 3 | 4 };
export type Heatmap = {
  /** Sun–Sat columns, oldest week first; days after today are absent. */
  weeks: (HeatmapDay | null)[][];
  total: number;
  /** Days with at least one check-in. */
  activeDays: number;
};

function levelOf(count: number): HeatmapDay['level'] {
  return count <= 0 ? 0 : count >= 4 ? 4 : (count as 1 | 2 | 3);
}

/**
 * A year of check-ins as a contribution graph: the `weeks` Sun–Sat weeks ending with today's, each day
 * with its number of check-ins (local dates of each project) and a level 0–4.
 */
export function checkInHeatmap(dates: readonly LocalDate[], today: LocalDate, weeks = 53): Heatmap {
  const counts = new Map<LocalDate, number>();
  for (const date of dates) counts.set(date, (counts.get(date) ?? 0) + 1);
  const firstSunday = addDays(today, -weekdayOf(today) - (weeks - 1) * 7);
  const grid: (HeatmapDay | null)[][] = [];
  let total = 0;
  let activeDays = 0;
  for (let w = 0; w < weeks; w += 1) {
    const week: (HeatmapDay | null)[] = [];
    for (let d = 0; d < 7; d += 1) {
      const date = addDays(firstSunday, w * 7 + d);
      if (date > today) {
        week.push(null);
        continue;
      }
      const count = counts.get(date) ?? 0;
      total += count;
      if (count > 0) activeDays += 1;
      week.push({ date, count, level: levelOf(count) });
    }
    grid.push(week);
  }
  return { weeks: grid, total, activeDays };
}
