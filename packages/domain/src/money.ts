// Money in integer cents (RULES.md "Money"). Dollars exist only when parsing input and formatting.

export type Cents = number;

/** Deposit presets: 20 Starter, 50 Light commitment, 100 Moderate, 250 Serious, 500 All in. */
export const DEPOSIT_PRESETS = [
  { cents: 2_000, label: 'Starter' },
  { cents: 5_000, label: 'Light commitment' },
  { cents: 10_000, label: 'Moderate' },
  { cents: 25_000, label: 'Serious' },
  { cents: 50_000, label: 'All in' },
] as const;

export const CUSTOM_DEPOSIT_MIN_CENTS = 1_000;
export const CUSTOM_DEPOSIT_MAX_CENTS = 100_000;

/** The deposit fee: 4% of the deposit (rounded half up to the cent) plus 90¢. */
export const DEPOSIT_FEE_PERCENT = 4;
export const DEPOSIT_FEE_FIXED_CENTS = 90;

export const DONATION_PRESETS_CENTS = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000] as const;
export const DEFAULT_DONATION_CENTS = 2_500;
/** The smallest donation the payment provider accepts. */
export const MIN_DONATION_CENTS = 50;
/** The largest single charge we accept (the payment provider's card limit, $999,999.99). */
export const MAX_CHARGE_CENTS = 99_999_999;
/** Share of a donation credited to the creator's refundable pool. */
export const CREATOR_SHARE_PERCENT = 80;

export const MONEY_MESSAGES = {
  depositRequired: 'Please select a deposit amount.',
  customDepositRange: 'Custom deposit amount must be between $10 and $1000.',
  customDepositNotNumber: 'Custom deposit amount must be a number, such as 35 or 35.50.',
  customDepositDecimals: 'Custom deposit amount can have at most two decimals (whole cents).',
  donationMinimum: 'Amount must be at least $0.50',
  donationMaximum: 'Amount must be at most $999,999.99',
} as const;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
}

/**
 * Dollars typed by a person → cents, or null when it is not an amount. Works on the digits, never
 * through floating point. Accepts '20', '33.33', '20.5', '.5', '1,000', '$1,234.50', ' $20 '.
 * Refuses negatives, more than two decimals, misplaced commas, and anything else.
 */
export function parseDollarsToCents(input: string): Cents | null {
  const text = input.trim().replace(/^\$\s*/, '');
  const match = /^(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? match[2] ?? '').replaceAll(',', '');
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Whole dollars → cents (20 → 2000). */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`Not a whole number of dollars: ${dollars}`);
  return dollars * 100;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '$1,234.50'; negative amounts '-$5.00'. Every amount shown anywhere (buttons too) has two decimals. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** '1234.50': plain decimal dollars, for input fields and the payment API. */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** round_half_up(cents × percent / 100), in integers. */
export function percentOfCents(cents: Cents, percent: number): Cents {
  assertCents(cents);
  return Math.floor((cents * percent + 50) / 100);
}

/** The non-refundable fee on a deposit: round_half_up(4%) + 90¢ ($20 → $1.70). */
export function depositFeeCents(depositCents: Cents): Cents {
  return percentOfCents(depositCents, DEPOSIT_FEE_PERCENT) + DEPOSIT_FEE_FIXED_CENTS;
}

/** What the card is charged for a deposit: deposit + fee ($20 → $21.70; $33.33 → $35.56). */
export function depositChargeCents(depositCents: Cents): Cents {
  return depositCents + depositFeeCents(depositCents);
}

export function isDepositPreset(cents: Cents): boolean {
  return DEPOSIT_PRESETS.some((preset) => preset.cents === cents);
}

/**
 * null when the deposit is acceptable: a preset, or a custom amount from $10.00 to $1000.00.
 * Missing → 'Please select a deposit amount.'; not a number → the number message; a fraction of a cent
 * (more than two decimals of dollars) → the decimals message; otherwise the range message.
 */
export function validateDepositCents(cents: Cents | null | undefined): string | null {
  if (cents === null || cents === undefined) return MONEY_MESSAGES.depositRequired;
  if (!Number.isFinite(cents)) return MONEY_MESSAGES.customDepositNotNumber;
  if (!Number.isInteger(cents)) return MONEY_MESSAGES.customDepositDecimals;
  if (isDepositPreset(cents)) return null;
  if (cents < CUSTOM_DEPOSIT_MIN_CENTS || cents > CUSTOM_DEPOSIT_MAX_CENTS)
    return MONEY_MESSAGES.customDepositRange;
  return null;
}

/** A plain decimal number as a person types it: '-5', '10.005', '1,000.5', '$20'. */
const DECIMAL_TEXT = /^-?\$?\s*(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?$/;

/**
 * The custom deposit field ('33.33'): its cents, or what is wrong with it, in the same words the
 * server uses for the same amount: blank → 'Please select a deposit amount.'; not a number → the number
 * message; more than two decimals → the decimals message; negative or outside $10–$1000 → the range
 * message.
 */
export function parseCustomDeposit(input: string): { cents: Cents } | { error: string } {
  const text = input.trim();
  if (text === '') return { error: MONEY_MESSAGES.depositRequired };
  const cents = parseDollarsToCents(text);
  if (cents !== null) {
    const error = validateDepositCents(cents);
    return error ? { error } : { cents };
  }
  if (!DECIMAL_TEXT.test(text) || !/\d/.test(text)) return { error: MONEY_MESSAGES.customDepositNotNumber };
  if (/\.\d{3,}$/.test(text)) return { error: MONEY_MESSAGES.customDepositDecimals };
  // A well-formed number the parser refuses only because of its sign.
  return { error: MONEY_MESSAGES.customDepositRange };
}

/** null when a donation amount can be charged: at least $0.50 ('Amount must be at least $0.50'). */
export function validateDonationCents(cents: Cents | null | undefined): string | null {
  if (cents === null || cents === undefined || !Number.isSafeInteger(cents) || cents < MIN_DONATION_CENTS) {
    return MONEY_MESSAGES.donationMinimum;
  }
  if (cents > MAX_CHARGE_CENTS) return MONEY_MESSAGES.donationMaximum;
  return null;
}

export type DonationSplit = { creatorCents: Cents; platformCents: Cents };

/** Creator share = floor(amount × 80 / 100); the platform keeps the rest. */
export function donationSplit(amountCents: Cents): DonationSplit {
  assertCents(amountCents);
  const creatorCents = Math.floor((amountCents * CREATOR_SHARE_PERCENT) / 100);
  return { creatorCents, platformCents: amountCents - creatorCents };
}

/** Refundable pool P = deposit + creator shares of the succeeded donations. */
export function refundablePoolCents(depositCents: Cents, succeededDonationsCents: readonly Cents[]): Cents {
  assertCents(depositCents);
  return succeededDonationsCents.reduce(
    (pool, amount) => pool + donationSplit(amount).creatorCents,
    depositCents,
  );
}

/** The refundable amount shown right after a donation: current refundable (or deposit) + its creator share. */
export function refundableAfterDonation(currentRefundableCents: Cents, donationCents: Cents): Cents {
  return currentRefundableCents + donationSplit(donationCents).creatorCents;
}

/** R = floor(P × (t − m) / t), exact for any safe pool (BigInt inside). m is clamped to 0..t. */
export function refundCents(poolCents: Cents, totalCheckIns: number, missedCheckIns: number): Cents {
  assertCents(poolCents);
  if (poolCents < 0) throw new RangeError(`A pool cannot be negative: ${poolCents}`);
  if (!Number.isInteger(totalCheckIns) || totalCheckIns < 1)
    throw new RangeError('Total check-ins must be at least 1');
  const missed = Math.min(totalCheckIns, Math.max(0, Math.trunc(missedCheckIns)));
  return Number((BigInt(poolCents) * BigInt(totalCheckIns - missed)) / BigInt(totalCheckIns));
}

export type Settlement = {
  poolCents: Cents;
  /** R: returned to the creator. */
  refundCents: Cents;
  /** F = P − R: to the charity account. */
  forfeitCents: Cents;
  /** The part of R refunded to the deposit's card: at most the deposit (never the fees). */
  refundToCardCents: Cents;
  /** The rest of R, paid out to the creator. */
  payoutCents: Cents;
};

/** How a project's pool splits at settlement. Every cent of P ends in exactly one of R and F. */
export function settle(input: {
  poolCents: Cents;
  depositCents: Cents;
  totalCheckIns: number;
  missedCheckIns: number;
}): Settlement {
  const { poolCents, depositCents } = input;
  assertCents(depositCents);
  const refund = refundCents(poolCents, input.totalCheckIns, input.missedCheckIns);
  const refundToCardCents = Math.max(0, Math.min(refund, depositCents));
  return {
    poolCents,
    refundCents: refund,
    forfeitCents: poolCents - refund,
    refundToCardCents,
    payoutCents: refund - refundToCardCents,
  };
}

export type DonationSplitLine = DonationSplit & { amountCents: Cents; text: string };

/**
 * The donation dialog's split in dollars before paying, from the same integer split the ledger books
 * (`donationSplit`): '$25.00 → $20.00 to the project, $5.00 to Kept'.
 */
export function donationSplitLine(amountCents: Cents): DonationSplitLine {
  const split = donationSplit(amountCents);
  return {
    amountCents,
    ...split,
    text: `${formatCents(amountCents)} → ${formatCents(split.creatorCents)} to the project, ${formatCents(split.platformCents)} to Kept`,
  };
}
