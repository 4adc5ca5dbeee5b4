// GET /api/transparency's figures: every total from the ledger's entries, never from a second
// bookkeeping. Sign convention (ledger.ts): a pool, fee or charity account's entries are positive as
// money comes in; the card account's are positive as money goes back out to cards.
import { CHARITIES, CHARITY_FUND, forfeitDestination } from '@kept/domain';
import type { CharityTotals, TransparencyResponse } from '@kept/contract';
import type { LedgerSumRow, TransferRow } from './queries.ts';

/** Kinds of transaction that send money back to a deposit's card (net of refunds returned). */
const REFUND_KINDS = new Set(['settlement_refund', 'settlement_refund_returned', 'cancellation_refund']);

/** The charity (or fund) an account code stands for; the first single 'charity' account is the fund's. */
export function charityIdOf(code: string): string {
  return code === 'charity' ? CHARITY_FUND.id : code.slice('charity:'.length);
}

export function transparencyFrom(
  sums: readonly LedgerSumRow[],
  transfers: readonly TransferRow[],
  now: Date,
): TransparencyResponse {
  const total = (match: (row: LedgerSumRow) => boolean) =>
    sums.filter(match).reduce((sum, row) => sum + Number(row.cents), 0);
  const byCharity = new Map<string, { forfeited: number; transferred: number }>();
  for (const destination of [CHARITY_FUND, ...CHARITIES])
    byCharity.set(destination.id, { forfeited: 0, transferred: 0 });
  for (const row of sums) {
    if (row.accountKind !== 'charity' || row.charityCode === null) continue;
    const id = charityIdOf(row.charityCode);
    const entry = byCharity.get(id) ?? { forfeited: 0, transferred: 0 };
    const cents = Number(row.cents);
    // Out of a charity account: a transfer to it, or (for the fund) its split among the charities.
    if (row.txKind === 'charity_transfer' || row.txKind === 'charity_fund_split') {
      if (cents < 0) entry.transferred += -cents;
      else entry.forfeited += cents; // the fund's split arriving at a charity
    } else entry.forfeited += cents;
    byCharity.set(id, entry);
  }
  const charities: CharityTotals[] = [...byCharity].map(([id, t]) => {
    const charity = forfeitDestination(id);
    return {
      id,
      name: charity?.name ?? id,
      registration: charity?.registration ?? '',
      site: charity?.site ?? '',
      forfeitedCents: t.forfeited,
      transferredCents: t.transferred,
      heldCents: t.forfeited - t.transferred,
    };
  });
  return {
    asOf: now.toISOString(),
    depositsReceivedCents: total((r) => r.txKind === 'deposit' && r.accountKind === 'project_pool'),
    donationsReceivedCents: -total((r) => r.txKind === 'donation' && r.accountKind === 'external'),
    donationsToPoolsCents: total((r) => r.txKind === 'donation' && r.accountKind === 'project_pool'),
    platformShareCents: total((r) => r.accountKind === 'platform_fees'),
    processingFeesCents: total((r) => r.accountKind === 'processing_fees'),
    heldInPoolsCents: total((r) => r.accountKind === 'project_pool'),
    refundedCents: total((r) => REFUND_KINDS.has(r.txKind) && r.accountKind === 'external'),
    paidOutCents: total((r) => r.txKind === 'settlement_payout_paid' && r.accountKind === 'external'),
    awaitingPayoutCents: total((r) => r.accountKind === 'creator_payable'),
    charities,
    transfers: transfers.map((row) => ({
      charityId: charityIdOf(row.code),
      charityName: forfeitDestination(charityIdOf(row.code))?.name ?? row.code,
      amountCents: Number(row.cents),
      reference: row.reference ?? '',
      at: row.at.toISOString(),
    })),
  };
}
