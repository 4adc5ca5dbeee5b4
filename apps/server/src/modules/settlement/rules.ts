// Settlement's own constants and texts: when it runs, how failures back off, how the statement reads.
import { formatCents, formatInstantDate } from '@kept/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Settlement runs this long after a project's end moment, so donations paid in its last minutes
 * (a card confirmed late, a webhook retried, reconciliation) are in the pool it settles.
 */
export const SETTLEMENT_GRACE_MS = HOUR;

/** A failed card refund is tried again after 5, 10, 20, … minutes, at most every 12 hours, for ever. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(12 * HOUR, 5 * MINUTE * 2 ** Math.max(0, attempts - 1));
}

/** A payout the provider could not send yet is tried again after 1, 2, 4, … hours, at most daily. */
export function payoutBackoffMs(attempts: number): number {
  return Math.min(24 * HOUR, HOUR * 2 ** Math.max(0, attempts - 1));
}

/** A refund the provider answered 'pending' is looked at again this often (and at once on its webhook). */
export const REFUND_CHECK_MS = HOUR;

export const REFUND_PROCESSING_DAYS = '5-10 business days';

/** The refund formula with the project's own numbers: '($50.00 + $80.00) × (1 − 2/5) = $78.00'. */
export function refundFormula(p: {
  depositCents: number;
  poolCents: number;
  totalCheckIns: number;
  missedCheckIns: number;
  refundCents: number;
}): string {
  const donations = p.poolCents - p.depositCents;
  const pool =
    donations > 0 ? `(${formatCents(p.depositCents)} + ${formatCents(donations)})` : formatCents(p.poolCents);
  return `${pool} × (1 − ${p.missedCheckIns}/${p.totalCheckIns}) = ${formatCents(p.refundCents)}`;
}

export type StatementStatus = 'processing' | 'refunded' | 'failed';

/** 'Processing — 5-10 business days', 'Refunded on March 31, 2026', 'Failed, retrying'. */
export function statusText(status: StatementStatus, refundedAt: Date | null, timeZone: string): string {
  if (status === 'refunded' && refundedAt)
    return `Refunded on ${formatInstantDate(refundedAt, timeZone, { long: true })}`;
  if (status === 'failed') return 'Failed, retrying';
  return `Processing — ${REFUND_PROCESSING_DAYS}`;
}
