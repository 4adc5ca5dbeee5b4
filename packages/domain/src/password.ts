// Passwords and the reset form (spec §5 Signup, Reset password).

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters long.',
  tooLong: 'Password must be 128 characters or less.',
  mismatch: 'Passwords do not match.',
  missingTokens: 'Invalid or missing reset tokens. Please request a new password reset.',
  invalidLink: 'Invalid reset link. Please request a new password reset.',
  /** Settings → Change password (issue 24). */
  currentRequired: 'Please enter your current password.',
  currentWrong: 'Your current password is not right. Please try again.',
  changed: 'Password changed. Every other session has been signed out.',
} as const;

/** null when the password is acceptable: 6 to 128 characters. */
export function validatePassword(password: string | null | undefined): string | null {
  const value = password ?? '';
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** The reset form: a long-enough password, entered twice the same. */
export function validatePasswordReset(password: string, confirmPassword: string): string | null {
  return validatePassword(password) ?? (password === confirmPassword ? null : PASSWORD_MESSAGES.mismatch);
}
