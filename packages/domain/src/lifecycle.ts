// Project lifecycle at `now`: status, finishing soon, days left (RULES.md "Start, end, lifecycle").
import { DAY_MS } from './local-date.ts';

export const PROJECT_STATUSES = ['upcoming', 'active', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** How lists and profiles group a status. */
export type ListStatus = 'active' | 'completed';

export const FINISHING_SOON_DAYS = 3;

function ms(instant: Date | number): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** `upcoming` before start, `active` from start to end inclusive, `completed` after end. */
export function projectStatus(start: Date | number, end: Date | number, now: Date | number): ProjectStatus {
  const t = ms(now);
  if (t > ms(end)) return 'completed';
  if (t < ms(start)) return 'upcoming';
  return 'active';
}

/** Lists and profiles show `active` or `completed`; `upcoming` groups with `active`. */
export function listStatus(status: ProjectStatus): ListStatus {
  return status === 'completed' ? 'completed' : 'active';
}

/** True once the end has passed (no more check-ins; deletion allowed). */
export function hasEnded(end: Date | number, now: Date | number): boolean {
  return ms(now) > ms(end);
}

/** Whole days left, rounded up: ceil((end − now) / 1 day); 0 once ended. */
export function daysLeft(end: Date | number, now: Date | number): number {
  const remaining = ms(end) - ms(now);
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}

/** Active and ending within 3 days (end − now ≤ 3 days). */
export function isFinishingSoon(start: Date | number, end: Date | number, now: Date | number): boolean {
  return projectStatus(start, end, now) === 'active' && ms(end) - ms(now) <= FINISHING_SOON_DAYS * DAY_MS;
}

export type BadgeColour = 'red' | 'orange' | 'yellow';
export type DaysLeftBadge = { days: number; colour: BadgeColour; text: string };

/** Badge colour for 1, 2, 3 days left: red, orange, yellow. */
export function daysLeftColour(days: number): BadgeColour {
  if (days <= 1) return 'red';
  if (days === 2) return 'orange';
  return 'yellow';
}

/**
 * The days-left badge of a finishing-soon project ('1 day left' red, '2 days left' orange,
 * '3 days left' yellow), or null. The last instant of a project still shows 1 day.
 */
export function daysLeftBadge(
  start: Date | number,
  end: Date | number,
  now: Date | number,
): DaysLeftBadge | null {
  if (!isFinishingSoon(start, end, now)) return null;
  const days = Math.max(1, daysLeft(end, now));
  return { days, colour: daysLeftColour(days), text: `${days} ${days === 1 ? 'day' : 'days'} left` };
}
