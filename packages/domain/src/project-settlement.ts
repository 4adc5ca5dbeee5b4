// The one function behind both the live "If it ended today" figure and the settlement itself: the
// schedule's counts at `now` (paused periods left out, an early end counting every unsatisfied period
// missed) fed to `settle`.
import { settle } from './money.ts';
import type { Cents, Settlement } from './money.ts';
import { checkInCounts } from './schedule.ts';
import type { CheckInCounts, Schedule, ScheduleCheckIn } from './schedule.ts';

export type ProjectSettlement = Settlement & { counts: CheckInCounts };

/** How the pool splits at `now`: R, F, the card refund and the payout, with the counts they came from. */
export function settlementAt(
  schedule: Schedule,
  checkIns: readonly ScheduleCheckIn[],
  now: Date | number,
  money: { poolCents: Cents; depositCents: Cents },
): ProjectSettlement {
  const counts = checkInCounts(schedule, checkIns, now);
  const split = settle({
    poolCents: money.poolCents,
    depositCents: money.depositCents,
    totalCheckIns: counts.total,
    missedCheckIns: counts.missed,
  });
  return { ...split, counts };
}
