import { describe, expect, it } from 'vitest';
import {
  CARD_AMOUNT_CAPTIONS,
  PROJECT_STATUSES,
  cardAmount,
  formatCents,
  isListed,
  settle,
} from '../src/index.ts';

describe('completed projects in lists', () => {
  it('shows upcoming and active projects in every list, completed ones only with includeCompleted', () => {
    expect(PROJECT_STATUSES.filter((status) => isListed(status, false))).toEqual(['upcoming', 'active']);
    expect(PROJECT_STATUSES.filter((status) => isListed(status, true))).toEqual([
      'upcoming',
      'active',
      'completed',
    ]);
  });
});

describe('the figure on a card', () => {
  it('is the refundable pool while the project has not ended, settlement or not', () => {
    for (const status of ['upcoming', 'active'] as const) {
      expect(cardAmount({ status, refundableCents: 7_000, settledRefundCents: null })).toEqual({
        kind: 'refundable',
        cents: 7_000,
      });
    }
  });

  it('is the pool at the end once completed, until the settlement is recorded', () => {
    expect(cardAmount({ status: 'completed', refundableCents: 2_000, settledRefundCents: null })).toEqual({
      kind: 'pool-at-end',
      cents: 2_000,
    });
  });

  it('is the settled refund R once settled (not the old pool, which settlement empties)', () => {
    // $20.00, 10 check-ins, 3 missed: R = floor(2000 × 7 / 10) = $14.00.
    const { refundCents } = settle({
      poolCents: 2_000,
      depositCents: 2_000,
      totalCheckIns: 10,
      missedCheckIns: 3,
    });
    const amount = cardAmount({ status: 'completed', refundableCents: 0, settledRefundCents: refundCents });
    expect(amount).toEqual({ kind: 'settled-refund', cents: 1_400 });
    expect(`${formatCents(amount.cents)} ${CARD_AMOUNT_CAPTIONS[amount.kind]}`).toBe(
      '$14.00 back to the creator',
    );
  });
});
