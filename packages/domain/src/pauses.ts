// Pauses (RULES.md "Pauses"): the owner plans a break of one check-in period ahead of time. A paused
// period counts in neither t nor m, so R = floor(P × (t' − m) / t') with t' = t − p.
import { addDays, localDateOf } from './local-date.ts';
import type { LocalDate } from './local-date.ts';
import { hasStopped } from './schedule.ts';
import type { Schedule } from './schedule.ts';

/** A pause is planned: its period's first day must be at least this many local dates after today. */
export const PAUSE_LEAD_DAYS = 2;
/** Projects with fewer check-ins than this have no pause budget. */
export const PAUSE_MIN_CHECK_INS = 4;

export const PAUSE_MESSAGES = {
  noSuchPeriod: 'There is no such check-in period.',
  firstPeriod: 'The first check-in period cannot be paused.',
  ended: 'This project has ended. It can no longer be paused.',
  tooSoon: 'A pause must be planned at least 2 days before its check-in period starts.',
  alreadyPaused: 'This check-in period is already paused.',
  noBudget: 'Projects with fewer than 4 check-ins cannot be paused.',
  budgetUsed: (budget: number) =>
    `This project can pause at most ${budget} check-in ${budget === 1 ? 'period' : 'periods'}.`,
  notPaused: 'This check-in period is not paused.',
  liftStarted: 'A pause can be lifted only before its check-in period starts.',
} as const;

/** How many periods a project may pause: floor(t / 4), none when t < 4 (t counts paused periods too). */
export function pauseBudget(totalCheckIns: number): number {
  return totalCheckIns < PAUSE_MIN_CHECK_INS ? 0 : Math.floor(totalCheckIns / 4);
}

function periodDate(schedule: Schedule, index: number): LocalDate | null {
  if (!Number.isInteger(index)) return null;
  return schedule.checkInDates[index] ?? null;
}

/**
 * Why period `index` cannot be paused at `now`, or null when it can: it must exist, not be period 0,
 * the project must not have stopped, its first day must be at least 2 local dates after today, it must
 * not be paused already, and the project's budget must have room.
 */
export function pauseRefusal(schedule: Schedule, index: number, now: Date | number): string | null {
  const date = periodDate(schedule, index);
  if (date === null) return PAUSE_MESSAGES.noSuchPeriod;
  if (index === 0) return PAUSE_MESSAGES.firstPeriod;
  if (hasStopped(schedule, now)) return PAUSE_MESSAGES.ended;
  if (schedule.paused?.has(index)) return PAUSE_MESSAGES.alreadyPaused;
  const today = localDateOf(now, schedule.timezone);
  if (date < addDays(today, PAUSE_LEAD_DAYS)) return PAUSE_MESSAGES.tooSoon;
  const budget = pauseBudget(schedule.checkInDates.length);
  if (budget === 0) return PAUSE_MESSAGES.noBudget;
  if ((schedule.paused?.size ?? 0) >= budget) return PAUSE_MESSAGES.budgetUsed(budget);
  return null;
}

/** Why the pause on period `index` cannot be lifted at `now`, or null: it must be paused and not started. */
export function liftPauseRefusal(schedule: Schedule, index: number, now: Date | number): string | null {
  const date = periodDate(schedule, index);
  if (date === null) return PAUSE_MESSAGES.noSuchPeriod;
  if (!schedule.paused?.has(index)) return PAUSE_MESSAGES.notPaused;
  if (hasStopped(schedule, now)) return PAUSE_MESSAGES.ended;
  if (date <= localDateOf(now, schedule.timezone)) return PAUSE_MESSAGES.liftStarted;
  return null;
}

export type PauseOption = {
  index: number;
  /** d_k: the first day of the period. */
  date: LocalDate;
  paused: boolean;
  /** Whether the owner can change it now (pause it, or lift its pause). */
  changeable: boolean;
  /** Why not, when it cannot be changed. */
  reason: string | null;
};

/** Every period after the first, with whether the owner can pause it or lift its pause at `now`. */
export function pauseOptions(schedule: Schedule, now: Date | number): PauseOption[] {
  return schedule.checkInDates.slice(1).map((date, i) => {
    const index = i + 1;
    const paused = schedule.paused?.has(index) ?? false;
    const reason = paused ? liftPauseRefusal(schedule, index, now) : pauseRefusal(schedule, index, now);
    return { index, date, paused, changeable: reason === null, reason };
  });
}
