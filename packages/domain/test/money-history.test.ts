import { describe, expect, it } from 'vitest';
import {
  MONEY_STATE_TEXT,
  PAYOUT_STATUSES,
  REFUND_STATUSES,
  paymentState,
  payoutState,
  refundState,
} from '../src/index.ts';

describe('money history states', () => {
  it('leaves out payment forms nobody paid, and names the others', () => {
    expect(paymentState('requires_payment')).toBeNull();
    expect(paymentState('canceled')).toBeNull();
    expect(MONEY_STATE_TEXT[paymentState('succeeded')!]).toBe('Paid');
    expect(MONEY_STATE_TEXT[paymentState('processing')!]).toBe('Processing');
    expect(MONEY_STATE_TEXT[paymentState('failed')!]).toBe('Failed');
  });

  it('gives every refund and payout status a state, none only when nothing is owed', () => {
    for (const status of REFUND_STATUSES) expect(refundState(status) === null).toBe(status === 'none');
    for (const status of PAYOUT_STATUSES) expect(payoutState(status) === null).toBe(status === 'none');
    // A refund the provider refused for now is retried: still pending for the person, never lost.
    expect(refundState('failed')).toBe('pending');
    expect(refundState('refunded')).toBe('refunded');
    expect(payoutState('paid')).toBe('paid');
  });
});
