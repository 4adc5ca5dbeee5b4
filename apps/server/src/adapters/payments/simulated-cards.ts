// The simulated processor's card rules, as a card processor's test mode: field checks (Luhn, expiry,
// CVC) with the messages a payment form shows, and an outcome per test card number.

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  notATestCard:
    'Your card was declined. This is a simulated payment: use a test card such as 4242 4242 4242 4242.',
} as const;

export type CardInput = { cardNumber: string; expiry: string; cvc: string };
export type CardFieldErrors = Partial<Record<keyof CardInput, string>>;
export type CardOutcome = { ok: true } | { ok: false; code: 'card_declined'; message: string };

/** Test cards that succeed (Visa, Visa debit, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);

const DECLINING: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000009987': CARD_MESSAGES.declined, // lost card
  '4000000000009979': CARD_MESSAGES.declined, // stolen card
  '4000000000000069': CARD_MESSAGES.expired,
  '4000000000000127': CARD_MESSAGES.incorrectCvc,
  '4000000000000119': CARD_MESSAGES.processingError,
};

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** Field messages for a card form; an empty object when every field is acceptable at `now`. */
export function validateCard(card: CardInput, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const raw = card.cardNumber.trim();
  const digits = raw.replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = CARD_MESSAGES.numberIncomplete;
  else if (!/^\d+$/.test(digits) || digits.length > 19) errors.cardNumber = CARD_MESSAGES.numberInvalid;
  else if (digits.length < 12) errors.cardNumber = CARD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.cardNumber = CARD_MESSAGES.numberInvalid;

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else {
    const month = Number(expiry[1]);
    const yearText = expiry[2]!;
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    const thisYear = now.getUTCFullYear();
    const thisMonth = now.getUTCMonth() + 1;
    if (month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiryMonthInvalid;
    // A card works through the last day of its expiry month.
    else if (year < thisYear || (year === thisYear && month < thisMonth))
      errors.expiry = CARD_MESSAGES.expiryPast;
    else if (year > thisYear + 50) errors.expiry = CARD_MESSAGES.expiryYearInvalid;
  }

  const cvc = card.cvc.trim();
  const cvcLength = errors.cardNumber === undefined && isAmex(digits) ? 4 : 3;
  if (cvc === '') errors.cvc = CARD_MESSAGES.cvcIncomplete;
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}

/** What the processor answers for a well-formed card. Unknown numbers decline, as in test mode. */
export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (SUCCEEDING.has(digits)) return { ok: true };
  return { ok: false, code: 'card_declined', message: DECLINING[digits] ?? CARD_MESSAGES.notATestCard };
}
