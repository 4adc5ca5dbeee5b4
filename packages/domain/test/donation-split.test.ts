import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CHARGE_CENTS,
  MIN_DONATION_CENTS,
  donationSplit,
  donationSplitLine,
  parseDollarsToCents,
} from '../src/index.ts';

describe('donationSplitLine', () => {
  it("words the split as the issue does: '$25.00 → $20.00 to the project, $5.00 to Kept'", () => {
    expect(donationSplitLine(2_500).text).toBe('$25.00 → $20.00 to the project, $5.00 to Kept');
    expect(donationSplitLine(50).text).toBe('$0.50 → $0.40 to the project, $0.10 to Kept');
    // floor(80%): the odd cent is Kept's, as the ledger books it.
    expect(donationSplitLine(1_001).text).toBe('$10.01 → $8.00 to the project, $2.01 to Kept');
    expect(donationSplitLine(123_456).text).toBe('$1,234.56 → $987.64 to the project, $246.92 to Kept');
  });

  it('the two parts always sum to the amount and are the shares the ledger books (donationSplit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_DONATION_CENTS, max: MAX_CHARGE_CENTS }), (amount) => {
        const line = donationSplitLine(amount);
        expect(line.creatorCents + line.platformCents).toBe(amount);
        expect({ creatorCents: line.creatorCents, platformCents: line.platformCents }).toEqual(
          donationSplit(amount),
        );
        // The words carry exactly those figures.
        const figures = [...line.text.matchAll(/\$[\d,]+\.\d{2}/g)].map((m) => parseDollarsToCents(m[0]));
        expect(figures).toEqual([amount, line.creatorCents, line.platformCents]);
      }),
    );
  });
});
