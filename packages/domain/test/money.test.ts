import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DONATION_CENTS,
  DEPOSIT_PRESETS,
  DONATION_PRESETS_CENTS,
  centsToDecimalString,
  depositChargeCents,
  depositFeeCents,
  dollarsToCents,
  donationSplit,
  formatCents,
  parseCustomDeposit,
  parseDollarsToCents,
  percentOfCents,
  refundCents,
  refundableAfterDonation,
  refundablePoolCents,
  settle,
  validateDepositCents,
  validateDonationCents,
} from '../src/index.ts';

describe('parsing dollars', () => {
  it.each([
    ['20', 2000],
    ['33.33', 3333],
    ['20.5', 2050],
    ['20.', 2000],
    ['.5', 50],
    ['0.01', 1],
    ['1,000', 100000],
    ['$20', 2000],
    ['$1,234.50', 123450],
    [' $ 20 ', 2000],
    ['1000000', 100000000],
    ['0', 0],
  ])('%s → %i cents', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '.',
    '$',
    'abc',
    '-5',
    '20.001',
    '1,00',
    '10,00.00',
    '1e3',
    '20 dollars',
    '12.3.4',
    '+5',
    '99999999999999999',
  ])('refuses %j', (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });

  it('converts whole dollars', () => {
    expect(dollarsToCents(20)).toBe(2000);
    expect(() => dollarsToCents(1.5)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [2170, '$21.70'],
    [100000000, '$1,000,000.00'],
    [-500, '-$5.00'],
  ])('%i → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('formats decimal strings', () => {
    expect(centsToDecimalString(123450)).toBe('1234.50');
    expect(centsToDecimalString(7)).toBe('0.07');
  });

  it('refuses fractional cents', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('deposit', () => {
  it('has the five presets with their labels', () => {
    expect(DEPOSIT_PRESETS.map((preset) => [preset.cents / 100, preset.label])).toEqual([
      [20, 'Starter'],
      [50, 'Light commitment'],
      [100, 'Moderate'],
      [250, 'Serious'],
      [500, 'All in'],
    ]);
  });

  it.each([
    [2000, 2170],
    [3333, 3556],
    [1000, 1130],
    [100000, 104090],
    [5000, 5290],
    [1012, 1142], // 40.48¢ rounds down
    [1013, 1144], // 40.52¢ rounds up
    [1025, 1156], // exactly 41¢
    [1037, 1168], // 41.48¢
    [1038, 1170], // 41.52¢
    [2025, 2196], // exactly 81¢
  ])('charge for %i cents is %i cents', (deposit, charge) => {
    expect(depositChargeCents(deposit)).toBe(charge);
  });

  it('rounds 4% half up', () => {
    expect(percentOfCents(1250, 4)).toBe(50);
    expect(percentOfCents(1262, 4)).toBe(50); // 50.48
    expect(percentOfCents(1263, 4)).toBe(51); // 50.52
    expect(percentOfCents(1237, 4)).toBe(49); // 49.48
    expect(percentOfCents(1238, 4)).toBe(50); // 49.52
    expect(percentOfCents(12_50, 4)).toBe(50);
    expect(percentOfCents(1, 50)).toBe(1); // 0.5 → 1, half up
    expect(depositFeeCents(2000)).toBe(170);
  });

  it.each([
    [null, 'Please select a deposit amount.'],
    [undefined, 'Please select a deposit amount.'],
    [999, 'Custom deposit amount must be between $10 and $1000.'],
    [100001, 'Custom deposit amount must be between $10 and $1000.'],
    [0, 'Custom deposit amount must be between $10 and $1000.'],
    [1000.5, 'Custom deposit amount can have at most two decimals (whole cents).'],
    [10.5, 'Custom deposit amount can have at most two decimals (whole cents).'],
    [Number.NaN, 'Custom deposit amount must be a number, such as 35 or 35.50.'],
    [Number.POSITIVE_INFINITY, 'Custom deposit amount must be a number, such as 35 or 35.50.'],
    [1000, null],
    [100000, null],
    [3333, null],
    [2000, null],
    [50000, null],
  ])('deposit %s → %s', (cents, message) => {
    expect(validateDepositCents(cents)).toBe(message);
  });

  it('parses the custom deposit field', () => {
    expect(parseCustomDeposit('33.33')).toEqual({ cents: 3333 });
    expect(parseCustomDeposit('10')).toEqual({ cents: 1000 });
    expect(parseCustomDeposit('1000.00')).toEqual({ cents: 100000 });
    expect(parseCustomDeposit('9.99')).toEqual({
      error: 'Custom deposit amount must be between $10 and $1000.',
    });
    expect(parseCustomDeposit('1000.01')).toEqual({
      error: 'Custom deposit amount must be between $10 and $1000.',
    });
    expect(parseCustomDeposit('  ')).toEqual({ error: 'Please select a deposit amount.' });
  });

  it('says what is wrong with a custom deposit that is not an amount of dollars and cents', () => {
    const notNumber = { error: 'Custom deposit amount must be a number, such as 35 or 35.50.' };
    const decimals = { error: 'Custom deposit amount can have at most two decimals (whole cents).' };
    const range = { error: 'Custom deposit amount must be between $10 and $1000.' };
    expect(parseCustomDeposit('abc')).toEqual(notNumber);
    expect(parseCustomDeposit('ten')).toEqual(notNumber);
    expect(parseCustomDeposit('12abc')).toEqual(notNumber);
    expect(parseCustomDeposit('.')).toEqual(notNumber);
    expect(parseCustomDeposit('1.2.3')).toEqual(notNumber);
    expect(parseCustomDeposit('10.005')).toEqual(decimals);
    expect(parseCustomDeposit('$1,000.125')).toEqual(decimals);
    expect(parseCustomDeposit('-5')).toEqual(range);
    expect(parseCustomDeposit('5.')).toEqual(range);
    expect(parseCustomDeposit('10.00')).toEqual({ cents: 1000 });
  });

  it('gives the field and the server the same answer for the same amount', () => {
    // The server receives cents: $10.005 arrives as 1000.5 cents, 'abc' as NaN.
    expect(validateDepositCents(1000.5)).toBe((parseCustomDeposit('10.005') as { error: string }).error);
    expect(validateDepositCents(Number('abc'))).toBe((parseCustomDeposit('abc') as { error: string }).error);
    expect(validateDepositCents(-500)).toBe((parseCustomDeposit('-5') as { error: string }).error);
  });
});

describe('donations', () => {
  it('has presets 5–500 with 25 as default', () => {
    expect(DONATION_PRESETS_CENTS.map((cents) => cents / 100)).toEqual([5, 10, 25, 50, 100, 250, 500]);
    expect(DEFAULT_DONATION_CENTS).toBe(2500);
  });

  it.each([
    [49, 'Amount must be at least $0.50'],
    [0, 'Amount must be at least $0.50'],
    [-100, 'Amount must be at least $0.50'],
    [null, 'Amount must be at least $0.50'],
    [50.5, 'Amount must be at least $0.50'],
    [100_000_000, 'Amount must be at most $999,999.99'],
    [50, null],
    [2500, null],
  ])('donation %s → %s', (cents, message) => {
    expect(validateDonationCents(cents)).toBe(message);
  });

  it.each([
    [2500, 2000, 500],
    [50, 40, 10],
    [99, 79, 20],
    [101, 80, 21],
    [1, 0, 1],
    [333, 266, 67],
  ])('splits %i cents into creator %i and platform %i', (amount, creator, platform) => {
    expect(donationSplit(amount)).toEqual({ creatorCents: creator, platformCents: platform });
  });

  it('adds creator shares to the pool', () => {
    expect(refundablePoolCents(2000, [])).toBe(2000);
    expect(refundablePoolCents(2000, [2500, 99])).toBe(2000 + 2000 + 79);
    expect(refundableAfterDonation(5000, 1000)).toBe(5800);
  });
});

describe('refund at settlement', () => {
  it('refunds everything with no missed check-ins and nothing with all missed', () => {
    expect(refundCents(10_000, 5, 0)).toBe(10_000);
    expect(refundCents(10_000, 5, 5)).toBe(0);
  });

  it('floors P × (t − m) / t', () => {
    expect(refundCents(10_000, 5, 2)).toBe(6_000);
    expect(refundCents(10_000, 3, 1)).toBe(6_666);
    expect(refundCents(2_000, 3, 2)).toBe(666);
    expect(refundCents(1, 2, 1)).toBe(0);
  });

  it('clamps missed to 0..t and refuses nonsense', () => {
    expect(refundCents(1000, 2, 7)).toBe(0);
    expect(refundCents(1000, 2, -3)).toBe(1000);
    expect(() => refundCents(1000, 0, 0)).toThrow(RangeError);
    expect(() => refundCents(-1, 2, 0)).toThrow(RangeError);
  });

  it('is exact for large pools', () => {
    expect(refundCents(9_007_199_254_740_991, 3, 1)).toBe(6_004_799_503_160_660);
  });

  it('splits R into the card refund (at most the deposit) and the payout', () => {
    // Deposit $50, donation $25 → pool $70; t = 5, m = 1 → R = $56: $50 to the card, $6 paid out.
    const settlement = settle({ poolCents: 7_000, depositCents: 5_000, totalCheckIns: 5, missedCheckIns: 1 });
    expect(settlement).toEqual({
      poolCents: 7_000,
      refundCents: 5_600,
      forfeitCents: 1_400,
      refundToCardCents: 5_000,
      payoutCents: 600,
    });
    const poor = settle({ poolCents: 7_000, depositCents: 5_000, totalCheckIns: 5, missedCheckIns: 3 });
    expect(poor).toMatchObject({
      refundCents: 2_800,
      refundToCardCents: 2_800,
      payoutCents: 0,
      forfeitCents: 4_200,
    });
  });

  it('settles the RULES.md example: pool $100, t = 5, m = 2', () => {
    expect(
      settle({ poolCents: 10_000, depositCents: 10_000, totalCheckIns: 5, missedCheckIns: 2 }),
    ).toMatchObject({
      refundCents: 6_000,
      forfeitCents: 4_000,
    });
  });
});
