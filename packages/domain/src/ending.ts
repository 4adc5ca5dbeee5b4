// Cancelling within 24 hours and ending early (RULES.md "Cancelling and ending early").
import type { Cents } from './money.ts';
import { depositFeeCents } from './money.ts';

/** A project can be cancelled during its first 24 hours. */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export const ENDING_MESSAGES = {
  cancelWindow: 'A project can be cancelled only in its first 24 hours.',
  cancelCheckedIn: 'A project with check-ins cannot be cancelled. You can end it early instead.',
  cancelDonations: 'A project that has received donations cannot be cancelled. You can end it early instead.',
  alreadyCancelled: 'This project has been cancelled.',
  alreadyEnded: 'This project has already ended.',
} as const;

export type CancelFacts = {
  createdAt: Date;
  /** Check-ins besides the automatic one written at creation. */
  checkInsBesidesAutomatic: number;
  /** Donations that succeeded (a pending one counts too: it may still succeed). */
  donations: number;
  cancelled: boolean;
  /** Ended at its end, ended early, or settled. */
  ended: boolean;
};

/** Why the project cannot be cancelled at `now`, or null when it can. */
export function cancelRefusal(facts: CancelFacts, now: Date | number): string | null {
  const t = typeof now === 'number' ? now : now.getTime();
  if (facts.cancelled) return ENDING_MESSAGES.alreadyCancelled;
  if (facts.ended) return ENDING_MESSAGES.alreadyEnded;
  if (t - facts.createdAt.getTime() >= CANCEL_WINDOW_MS) return ENDING_MESSAGES.cancelWindow;
  if (facts.checkInsBesidesAutomatic > 0) return ENDING_MESSAGES.cancelCheckedIn;
  if (facts.donations > 0) return ENDING_MESSAGES.cancelDonations;
  return null;
}

/** The last instant a project created at `createdAt` can be cancelled. */
export function cancelDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CANCEL_WINDOW_MS - 1);
}

export type Cancellation = {
  /** The deposit, back to its card in full. */
  refundToCardCents: Cents;
  /** The fee (4% + 90¢), not refunded. */
  feeKeptCents: Cents;
};

/** What a cancellation moves: the deposit back to the card; the fee stays. */
export function cancellation(depositCents: Cents): Cancellation {
  return { refundToCardCents: depositCents, feeKeptCents: depositFeeCents(depositCents) };
}

/** Why the project cannot be ended early at `now`, or null: only an active, not cancelled project can. */
export function endEarlyRefusal(facts: Pick<CancelFacts, 'cancelled' | 'ended'>): string | null {
  if (facts.cancelled) return ENDING_MESSAGES.alreadyCancelled;
  if (facts.ended) return ENDING_MESSAGES.alreadyEnded;
  return null;
}
