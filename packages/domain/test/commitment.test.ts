import { describe, expect, it } from 'vitest';
import { CHARITY_FUND, TERMS_VERSION, commitment } from '../src/index.ts';

describe('the commitment read before paying', () => {
  it('gives the charge, the dates in the project’s timezone and the refund for 0, 1 and all-but-one missed', () => {
    const c = commitment({
      depositCents: 5_000,
      lengthDays: 30,
      frequencyDays: 7,
      timezone: 'America/New_York',
      createdAt: new Date('2026-03-01T03:00:00Z'), // still Feb 28 in New York
      charityId: 'givedirectly',
    });
    expect(c).toMatchObject({ depositCents: 5_000, feeCents: 290, chargeCents: 5_290, totalCheckIns: 5 });
    expect(c.checkInDates).toEqual(['2026-02-28', '2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28']);
    expect(c.examples).toEqual([
      { missed: 0, refundCents: 5_000, forfeitCents: 0 },
      { missed: 1, refundCents: 4_000, forfeitCents: 1_000 },
      { missed: 4, refundCents: 1_000, forfeitCents: 4_000 },
    ]);
    expect(c.charity.name).toBe('GiveDirectly');
    expect(c).toMatchObject({
      pauseBudget: 1,
      pauseLeadDays: 2,
      cancelWindowHours: 24,
      termsVersion: TERMS_VERSION,
    });
  });

  it('goes to the Kept Charity Fund without a choice, and lists each case once for two check-ins', () => {
    const c = commitment({
      depositCents: 2_000,
      lengthDays: 2,
      frequencyDays: 1,
      timezone: 'UTC',
      createdAt: new Date('2026-03-01T12:00:00Z'),
    });
    expect(c.charity).toBe(CHARITY_FUND);
    expect(c.examples).toEqual([
      { missed: 0, refundCents: 2_000, forfeitCents: 0 },
      { missed: 1, refundCents: 1_000, forfeitCents: 1_000 },
    ]);
    expect(c.pauseBudget).toBe(0);
  });
});
