// Accounts: session, health, signup, login, password reset.
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  MESSAGES,
  PASSWORD_MESSAGES,
  canonicalTimezone,
  normalizeEmail,
  normalizeTimeZone,
  normalizeUsername,
  safeReturnTo,
  validateEmail,
  validatePassword,
  validatePasswordReset,
  validateUsername,
} from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema, looseText } from './common.ts';

/** GET /api/health */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  timezone: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/session */
export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/**
 * Signup: 'Email, password, and username are required.' when any is blank, then the username rules,
 * the email pattern and the password length. Output: trimmed username, normalized email, a valid
 * IANA timezone (UTC when missing or unknown; a listed zone's alias becomes that zone) and a safe returnTo.
 */
export const SignupRequestSchema = z
  .object({
    username: looseText(MESSAGES.signupRequired),
    email: looseText(MESSAGES.signupRequired),
    password: looseText(MESSAGES.signupRequired),
    timezone: looseText('Invalid timezone').optional(),
    returnTo: looseText('Invalid returnTo').optional(),
  })
  .superRefine((value, ctx) => {
    const missing = (['email', 'password', 'username'] as const).find((key) => value[key].trim() === '');
    if (missing) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.signupRequired, path: [missing] });
      return;
    }
    const usernameError = validateUsername(value.username);
    if (usernameError) ctx.addIssue({ code: 'custom', message: usernameError, path: ['username'] });
    const emailError = validateEmail(value.email);
    if (emailError) ctx.addIssue({ code: 'custom', message: emailError, path: ['email'] });
    const passwordError = validatePassword(value.password);
    if (passwordError) ctx.addIssue({ code: 'custom', message: passwordError, path: ['password'] });
  })
  .transform((value) => ({
    username: normalizeUsername(value.username),
    email: normalizeEmail(value.email),
    password: value.password,
    timezone: canonicalTimezone(normalizeTimeZone(value.timezone)),
    returnTo: safeReturnTo(value.returnTo),
  }));
export type SignupRequest = z.input<typeof SignupRequestSchema>;
export type SignupData = z.output<typeof SignupRequestSchema>;

/**
 * Login: both fields required; nothing else is checked (no hints to guessers), except that an address
 * longer than any address can be ('Please enter a valid email address') goes no further: it would be
 * a rate-limit key too long for the database's index.
 */
export const LoginRequestSchema = z
  .object({
    email: looseText(MESSAGES.loginRequired),
    password: looseText(MESSAGES.loginRequired),
  })
  .superRefine((value, ctx) => {
    const missing = (['email', 'password'] as const).find((key) => value[key].trim() === '');
    if (missing) ctx.addIssue({ code: 'custom', message: MESSAGES.loginRequired, path: [missing] });
    else if (value.email.trim().length > EMAIL_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.invalid, path: ['email'] });
  })
  .transform((value) => ({ email: normalizeEmail(value.email), password: value.password }));
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Forgot password: an email address ('Please enter your email address' / 'Please enter a valid email address'). */
export const ForgotPasswordRequestSchema = z
  .object({ email: looseText(MESSAGES.generic) })
  .superRefine((value, ctx) => {
    const error = validateEmail(value.email);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['email'] });
  })
  .transform((value) => ({ email: normalizeEmail(value.email) }));
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** Answer to a forgot-password request (always the same, whether or not the address exists). */
export const ForgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/**
 * Reset password: a token ('Invalid or missing reset tokens. Please request a new password reset.'),
 * at least 6 characters ('Password must be at least 6 characters long.'), both entries equal
 * ('Passwords do not match.').
 */
export const ResetPasswordRequestSchema = z
  .object({
    token: looseText(PASSWORD_MESSAGES.missingTokens),
    password: looseText(PASSWORD_MESSAGES.tooShort),
    confirmPassword: looseText(PASSWORD_MESSAGES.mismatch),
  })
  .superRefine((value, ctx) => {
    if (value.token.trim() === '') {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.missingTokens, path: ['token'] });
      return;
    }
    const error = validatePasswordReset(value.password, value.confirmPassword);
    if (error) {
      const path = error === PASSWORD_MESSAGES.mismatch ? 'confirmPassword' : 'password';
      ctx.addIssue({ code: 'custom', message: error, path: [path] });
    }
  })
  .transform((value) => ({ token: value.token.trim(), password: value.password }));
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/**
 * GET /api/auth/reset-password/:token: whether a reset link still works, checked without using it up.
 * Reset tokens are short; anything empty or long is simply not a valid link.
 */
export const ResetLinkParamsSchema = z.object({
  token: z.string().trim().min(1, PASSWORD_MESSAGES.invalidLink).max(200, PASSWORD_MESSAGES.invalidLink),
});
