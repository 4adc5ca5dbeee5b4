// The public transparency page: where the money is, from the ledger's own entries.
import { z } from 'zod';
import { CharitySchema } from './commitments.ts';
import { IsoDateTimeSchema } from './common.ts';

const Cents = z.number().int().min(0);

export const CharityTotalsSchema = CharitySchema.extend({
  /** Forfeits booked to the charity (or the fund). */
  forfeitedCents: Cents,
  /** Recorded transfers to it. */
  transferredCents: Cents,
  /** Forfeited − transferred: held for it now. */
  heldCents: Cents,
});
export type CharityTotals = z.infer<typeof CharityTotalsSchema>;

export const CharityTransferSchema = z.object({
  charityId: z.string(),
  charityName: z.string(),
  amountCents: Cents,
  /** The bank's or the charity's reference for the transfer. */
  reference: z.string(),
  at: IsoDateTimeSchema,
});
export type CharityTransfer = z.infer<typeof CharityTransferSchema>;

/** GET /api/transparency */
export const TransparencyResponseSchema = z.object({
  asOf: IsoDateTimeSchema,
  depositsReceivedCents: Cents,
  donationsReceivedCents: Cents,
  /** Creators' 80% of donations, added to their pools. */
  donationsToPoolsCents: Cents,
  /** Kept's 20% of donations. */
  platformShareCents: Cents,
  /** Deposit processing fees (4% + 90¢ each), not refundable. */
  processingFeesCents: Cents,
  /** In project pools now: live projects and settlements still under way. */
  heldInPoolsCents: Cents,
  /** Returned to deposits' cards (net of refunds the card network sent back). */
  refundedCents: Cents,
  /** Paid out to creators (the part of a refund above the deposit). */
  paidOutCents: Cents,
  /** Owed to creators, not yet paid out. */
  awaitingPayoutCents: Cents,
  charities: z.array(CharityTotalsSchema),
  transfers: z.array(CharityTransferSchema),
});
export type TransparencyResponse = z.infer<typeof TransparencyResponseSchema>;
