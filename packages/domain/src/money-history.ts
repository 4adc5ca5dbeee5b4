// A person's money history (issue 22): every charge, refund and payout, each with a state a person can
// read. The words live here so the list, the receipt and the emails say the same thing.
import type { PayoutStatus, RefundStatus } from './settlement.ts';

/** One state per entry, whatever its kind. */
export const MONEY_STATES = ['pending', 'processing', 'succeeded', 'failed', 'refunded', 'paid'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

export const MONEY_STATE_TEXT: Record<MoneyState, string> = {
  pending: 'Pending',
  processing: 'Processing',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  paid: 'Paid out',
};

/** A payment's status as a history entry's state; null for a form nobody paid (left out of history). */
export function paymentState(status: string): MoneyState | null {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'failed':
      return 'failed';
    default:
      return null; // requires_payment, canceled: nothing was charged
  }
}

/**
 * A card refund's state: owed or being made → pending; booked and on its way (5–10 business days) →
 * processing; refused for now (it is tried again) → pending as well, since nothing is lost; confirmed →
 * refunded. null when nothing goes back to the card.
 */
export function refundState(status: RefundStatus): MoneyState | null {
  switch (status) {
    case 'none':
      return null;
    case 'processing':
      return 'processing';
    case 'refunded':
      return 'refunded';
    default:
      return 'pending';
  }
}

/** A payout's state: pending while owed, paid once made; null when none is owed. */
export function payoutState(status: PayoutStatus): MoneyState | null {
  return status === 'none' ? null : status === 'paid' ? 'paid' : 'pending';
}

/** How long a card refund takes to show on the statement, said wherever a refund is. */
export const REFUND_TIMING = 'Card refunds take 5–10 business days to appear on your statement.';
