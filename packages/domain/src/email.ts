// Email addresses: the simple pattern of the forms (spec §5 Newsletter, Donation).

/** Something@something.something, no spaces, one @. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_MESSAGES = {
  required: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
} as const;

/** True when the (trimmed) text looks like an email address. */
export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The address as stored and compared: trimmed, lower-case. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * The newsletter form's check, after trimming: blank → 'Please enter your email address',
 * malformed → 'Please enter a valid email address', else null.
 */
export function validateEmail(input: string | null | undefined): string | null {
  const email = (input ?? '').trim();
  if (email === '') return EMAIL_MESSAGES.required;
  if (!isValidEmail(email)) return EMAIL_MESSAGES.invalid;
  return null;
}

/** An optional address (donor email): blank is fine, anything else must be valid. */
export function validateOptionalEmail(input: string | null | undefined): string | null {
  const email = (input ?? '').trim();
  if (email === '') return null;
  return isValidEmail(email) ? null : EMAIL_MESSAGES.invalid;
}

/** Email verification (issue 24): the banner, its resend, and the link's page. */
export const EMAIL_VERIFICATION_MESSAGES = {
  banner:
    'Please confirm your email address: we sent you a link. Until then Kept sends you no check-in reminders.',
  resend: 'Send the link again',
  resent: 'A new link is on its way. Please check your inbox.',
  alreadyVerified: 'Your email address is already confirmed.',
  verified: 'Thank you: your email address is confirmed.',
  invalidLink:
    'This confirmation link has expired or has already been used. Please ask for a new one in Settings.',
} as const;
