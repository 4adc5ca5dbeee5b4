// Where a settled project's money stands, as two typed states (decision 024). The database keeps each in
// a column of its own (PostgreSQL enums of the same values): settlements.refund_status, payout_status.

/**
 * The card refund of the deposit part of R:
 * - none: nothing goes back to the card (R is 0, or all of R is paid out);
 * - pending: owed, not tried yet;
 * - refunding: claimed by a run that is calling the provider (a crash leaves it here; the next run
 *   calls again with the same idempotency key);
 * - failed: the provider refused or could not be reached; tried again at next_attempt_at;
 * - processing: booked; the provider answered 'pending' and is asked again until it succeeds or the
 *   money comes back (then: failed, with a new key);
 * - refunded: the provider confirmed it (refunded_at).
 */
export const REFUND_STATUSES = ['none', 'pending', 'refunding', 'failed', 'processing', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The payout of the rest of R (and late donations' shares): none owed, pending (owed, not paid), paid. */
export const PAYOUT_STATUSES = ['none', 'pending', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Refund states in which the card refund is still to be made (a settle run works on it). */
export const REFUND_TO_MAKE: readonly RefundStatus[] = ['pending', 'refunding', 'failed'];
