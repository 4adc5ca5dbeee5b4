import { donationSplitLine } from '@kept/domain';

/**
 * The split in dollars before paying, worded as the ledger will book it:
 * '$25.00 → $20.00 to the project, $5.00 to Kept'. Nothing while the amount is not a valid donation.
 */
export function DonationSplit({ amountCents }: { amountCents: number | null }) {
  if (amountCents === null) return null;
  return (
    <p className="text-sm font-semibold text-slate-900 tabular" data-testid="donation-split">
      {donationSplitLine(amountCents).text}
    </p>
  );
}
