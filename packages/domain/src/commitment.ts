// The commitment a person reads before paying (issue 22 "The contract, before paying"): every figure
// from the same rules the server settles by, for their own numbers.
import { forfeitDestination, CHARITY_FUND } from './charities.ts';
import type { Charity } from './charities.ts';
import { CANCEL_WINDOW_MS } from './ending.ts';
import { depositChargeCents, depositFeeCents, refundCents } from './money.ts';
import type { Cents } from './money.ts';
import { PAUSE_LEAD_DAYS, pauseBudget } from './pauses.ts';
import { projectSchedule } from './schedule.ts';
import type { LocalDate } from './local-date.ts';
import { TERMS_VERSION } from './terms.ts';

/** How long a refund takes to reach the card, in business days (the card networks' usual range). */
export const REFUND_BUSINESS_DAYS = { min: 5, max: 10 } as const;

export type RefundExample = { missed: number; refundCents: Cents; forfeitCents: Cents };

export type Commitment = {
  depositCents: Cents;
  feeCents: Cents;
  chargeCents: Cents;
  timezone: string;
  /** The check-in dates, the first one automatic. */
  checkInDates: LocalDate[];
  totalCheckIns: number;
  /** What comes back from the deposit alone with 0, 1 and all-but-one missed check-ins (deduplicated). */
  examples: RefundExample[];
  charity: Charity;
  pauseBudget: number;
  pauseLeadDays: number;
  cancelWindowHours: number;
  refundBusinessDays: typeof REFUND_BUSINESS_DAYS;
  termsVersion: string;
};

/** The commitment for a project created at `createdAt` with these numbers. */
export function commitment(input: {
  depositCents: Cents;
  lengthDays: number;
  frequencyDays: number;
  timezone: string;
  createdAt: Date;
  charityId?: string | null;
}): Commitment {
  const schedule = projectSchedule({
    createdAt: input.createdAt,
    totalLengthDays: input.lengthDays,
    checkInFrequencyDays: input.frequencyDays,
    timezone: input.timezone,
  });
  const t = schedule.checkInDates.length;
  const missedCases = [...new Set([0, Math.min(1, t - 1), Math.max(0, t - 1)])];
  const examples = missedCases.map((missed) => {
    const refund = refundCents(input.depositCents, t, missed);
    return { missed, refundCents: refund, forfeitCents: input.depositCents - refund };
  });
  return {
    depositCents: input.depositCents,
    feeCents: depositFeeCents(input.depositCents),
    chargeCents: depositChargeCents(input.depositCents),
    timezone: schedule.timezone,
    checkInDates: schedule.checkInDates,
    totalCheckIns: t,
    examples,
    charity: forfeitDestination(input.charityId) ?? CHARITY_FUND,
    pauseBudget: pauseBudget(t),
    pauseLeadDays: PAUSE_LEAD_DAYS,
    cancelWindowHours: CANCEL_WINDOW_MS / 3_600_000,
    refundBusinessDays: REFUND_BUSINESS_DAYS,
    termsVersion: TERMS_VERSION,
  };
}
