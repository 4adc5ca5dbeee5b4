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

/** Settings → Change email (issue 24): the request, the link to the new address, the old address's undo. */
export const EMAIL_CHANGE_MESSAGES = {
  newRequired: 'Please enter your new email address',
  same: 'That is already your email address.',
  taken: 'That email address is already used by another Kept account. Please choose another one.',
  /** How long the link to the new address works, as the email and Settings say it. */
  linkLifetime: '24 hours',
  /** How long the old address's undo link works. */
  undoLifetime: '7 days',
  confirmed: 'Your email address is changed. Kept writes to the new address from now on.',
  undone:
    'Your old email address is back, and every device was signed out. Please sign in again, and choose a new password if you did not make this change.',
  invalidLink: 'This link has expired or has already been used. You can ask for a new one in Settings.',
  /** Someone else took the address while the link waited. */
  takenMeanwhile: 'That email address is now used by another Kept account, so the change cannot be made.',
} as const;

/** Settings' answer once the link is on its way. */
export function emailChangeSentMessage(newEmail: string): string {
  return `We sent a link to ${newEmail}. Your address changes when you open it, within ${EMAIL_CHANGE_MESSAGES.linkLifetime}.`;
}

/** Settings → Delete my account (issue 24). */
export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Please enter your password.',
  passwordWrong: 'Your password is not right. Please try again.',
  deleted: 'Your account is deleted. Thank you for using Kept.',
  /** Shown by public pages where a deleted account's username was. */
  deletedUser: 'Deleted user',
} as const;

/** The refusal while projects are still running or payments are still open, named by their titles. */
export function accountDeletionBlockedMessage(titles: readonly string[]): string {
  const list = titles.map((title) => `"${title}"`).join(', ');
  return `You can't delete your account yet: ${list} ${titles.length === 1 ? 'is' : 'are'} still running, waiting for settlement or being paid. You can delete your account once that is done.`;
}
