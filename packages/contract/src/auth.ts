// Accounts: session, health, signup, login, password reset.
import {
  EMAIL_VERIFICATION_MESSAGES,
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
  validateUsername,
} from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema, textField } from './common.ts';

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
  /** Whether the address was confirmed with its link (issue 24); accounts before it count as confirmed. */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/session */
export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

const notBlank = (value: string) => value.trim() !== '';

/**
 * An email address: missing or blank answers `missing` ('Please enter your email address'), anything
 * that is not one 'Please enter a valid email address'. Output trimmed and lower-cased.
 */
export const emailSchema = (
  missing: string = EMAIL_MESSAGES.required,
  notText: string = EMAIL_MESSAGES.invalid,
) =>
  textField(missing, notText)
    .trim()
    .min(1, { error: missing })
    .refine((value) => value === '' || validateEmail(value) === null, { error: EMAIL_MESSAGES.invalid })
    .transform(normalizeEmail);

/** The newsletter's and the forgot-password form's address. */
export const EmailSchema = emailSchema();

/** A username (signup, settings): missing or blank answers `missing`, then the username rules. Output trimmed. */
export const UsernameSchema = (messages: { missing: string; notText: string }) =>
  textField(messages.missing, messages.notText)
    .trim()
    .min(1, { error: messages.missing })
    .superRefine((value, ctx) => {
      const error = value === '' ? null : validateUsername(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform(normalizeUsername);

/**
 * Signup: 'Email, password, and username are required.' when any is missing or blank, then the
 * username rules, the email pattern and the password length. Output: trimmed username, normalized
 * email, a valid IANA timezone (UTC when missing or unknown; a listed zone's alias becomes that zone)
 * and a safe returnTo.
 */
export const SignupRequestSchema = z.object({
  username: UsernameSchema({ missing: MESSAGES.signupRequired, notText: MESSAGES.signupRequired }),
  email: emailSchema(MESSAGES.signupRequired, MESSAGES.signupRequired),
  password: textField(MESSAGES.signupRequired)
    .refine(notBlank, { error: MESSAGES.signupRequired })
    .superRefine((value, ctx) => {
      const error = notBlank(value) ? validatePassword(value) : null;
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  timezone: z
    .string({ error: 'Invalid timezone' })
    .optional()
    .transform((value) => canonicalTimezone(normalizeTimeZone(value))),
  returnTo: z.string({ error: 'Invalid returnTo' }).optional().transform(safeReturnTo),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;
export type SignupData = z.output<typeof SignupRequestSchema>;

/**
 * Login: both fields required; nothing else is checked (no hints to guessers), except that an address
 * longer than any address can be ('Please enter a valid email address') goes no further: it would be
 * a rate-limit key too long for the database's index.
 */
export const LoginRequestSchema = z.object({
  email: textField(MESSAGES.loginRequired)
    .refine(notBlank, { error: MESSAGES.loginRequired })
    .refine((value) => value.trim().length <= EMAIL_MAX_LENGTH, { error: EMAIL_MESSAGES.invalid })
    .transform(normalizeEmail),
  password: textField(MESSAGES.loginRequired).refine(notBlank, { error: MESSAGES.loginRequired }),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Forgot password: an email address ('Please enter your email address' / 'Please enter a valid email address'). */
export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** Answer to a forgot-password request (always the same, whether or not the address exists). */
export const ForgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/**
 * Reset password: a token ('Invalid or missing reset tokens. Please request a new password reset.'),
 * at least 6 characters ('Password must be at least 6 characters long.'), both entries equal
 * ('Passwords do not match.', the one cross-field rule).
 */
export const ResetPasswordRequestSchema = z
  .object({
    token: textField(PASSWORD_MESSAGES.missingTokens)
      .trim()
      .min(1, { error: PASSWORD_MESSAGES.missingTokens }),
    password: textField(PASSWORD_MESSAGES.tooShort).superRefine((value, ctx) => {
      const error = validatePassword(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
    confirmPassword: textField(PASSWORD_MESSAGES.mismatch),
  })
  .superRefine((value, ctx) => {
    if (validatePassword(value.password) === null && value.password !== value.confirmPassword)
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
  })
  .transform((value) => ({ token: value.token, password: value.password }));
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/**
 * POST /api/me/password: the current password (checked by better-auth), the new one (6–128 characters)
 * and the new one again.
 */
export const ChangePasswordRequestSchema = z
  .object({
    currentPassword: textField(PASSWORD_MESSAGES.currentRequired).min(1, {
      error: PASSWORD_MESSAGES.currentRequired,
    }),
    newPassword: textField(PASSWORD_MESSAGES.tooShort).superRefine((value, ctx) => {
      const error = validatePassword(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
    confirmPassword: textField(PASSWORD_MESSAGES.mismatch),
  })
  .superRefine((value, ctx) => {
    if (validatePassword(value.newPassword) === null && value.newPassword !== value.confirmPassword)
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
  })
  .transform((value) => ({ currentPassword: value.currentPassword, newPassword: value.newPassword }));
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;
export type ChangePasswordData = z.output<typeof ChangePasswordRequestSchema>;

/**
 * GET /api/auth/reset-password/:token: whether a reset link still works, checked without using it up.
 * Reset tokens are short; anything empty or long is simply not a valid link.
 */
export const ResetLinkParamsSchema = z.object({
  token: z.string().trim().min(1, PASSWORD_MESSAGES.invalidLink).max(200, PASSWORD_MESSAGES.invalidLink),
});

/** POST /api/auth/verify-email: the token of a verification link. */
export const VerifyEmailRequestSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalidLink })
    .trim()
    .min(1, { error: EMAIL_VERIFICATION_MESSAGES.invalidLink })
    .max(2000, { error: EMAIL_VERIFICATION_MESSAGES.invalidLink }),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
