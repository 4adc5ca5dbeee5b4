// The account forms' requests (sign up, log in, forgot and reset password, change password, change
// email), written with zod/mini: the server validates each route's body with these schemas, and the web
// app's account forms validate with the very same ones. A module of its own, apart from forms.ts, so an
// account screen's chunk carries these schemas and not the project and donation ones (nor the rules they
// need). Nothing here may import 'zod' itself or a module that does.
import {
  EMAIL_MESSAGES,
  MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  normalizeEmail,
  validatePassword,
} from '@kept/domain';
import * as z from 'zod/mini';
import { domainRule, emailSchema, notBlank, textField } from './mini-rules.ts';

export { emailSchema, notBlank };

/** The newsletter's and the forgot-password form's address. */
export const EmailSchema = emailSchema();

/** A new password: the length rules ('Password must be at least 6 characters long.'). */
export const newPassword = (missing: string) => textField(missing).check(domainRule(validatePassword));

/**
 * Login: both fields required; nothing else is checked (no hints to guessers), except that an address
 * longer than any address can be ('Please enter a valid email address') goes no further: it would be
 * a rate-limit key too long for the database's index.
 */
export const LoginRequestSchema = z.object({
  email: z.pipe(
    textField(MESSAGES.loginRequired).check(
      z.refine(notBlank, { error: MESSAGES.loginRequired }),
      z.refine((value) => value.trim().length <= EMAIL_MAX_LENGTH, { error: EMAIL_MESSAGES.invalid }),
    ),
    z.transform(normalizeEmail),
  ),
  password: textField(MESSAGES.loginRequired).check(z.refine(notBlank, { error: MESSAGES.loginRequired })),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Forgot password: an email address ('Please enter your email address' / 'Please enter a valid email address'). */
export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** 'Passwords do not match.' on `confirmPassword` when the new password is valid but typed differently. */
const samePasswordTwice = <T extends { confirmPassword: string }>(password: (value: T) => string) =>
  z.superRefine<T>((value, ctx) => {
    if (validatePassword(password(value)) === null && password(value) !== value.confirmPassword)
      ctx.addIssue({
        code: 'custom',
        message: PASSWORD_MESSAGES.mismatch,
        path: ['confirmPassword'],
        input: value,
      });
  });

/**
 * Reset password: a token ('Invalid or missing reset tokens. Please request a new password reset.'),
 * at least 6 characters ('Password must be at least 6 characters long.'), both entries equal
 * ('Passwords do not match.', the one cross-field rule).
 */
export const ResetPasswordRequestSchema = z.pipe(
  z
    .object({
      token: textField(PASSWORD_MESSAGES.missingTokens).check(
        z.trim(),
        z.minLength(1, { error: PASSWORD_MESSAGES.missingTokens }),
      ),
      password: newPassword(PASSWORD_MESSAGES.tooShort),
      confirmPassword: textField(PASSWORD_MESSAGES.mismatch),
    })
    .check(samePasswordTwice((value) => value.password)),
  z.transform((value) => ({ token: value.token, password: value.password })),
);
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/**
 * POST /api/me/password: the current password (checked by better-auth), the new one (6–128 characters)
 * and the new one again.
 */
export const ChangePasswordRequestSchema = z.pipe(
  z
    .object({
      currentPassword: textField(PASSWORD_MESSAGES.currentRequired).check(
        z.minLength(1, { error: PASSWORD_MESSAGES.currentRequired }),
      ),
      newPassword: newPassword(PASSWORD_MESSAGES.tooShort),
      confirmPassword: textField(PASSWORD_MESSAGES.mismatch),
    })
    .check(samePasswordTwice((value) => value.newPassword)),
  z.transform((value) => ({ currentPassword: value.currentPassword, newPassword: value.newPassword })),
);
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;
export type ChangePasswordData = z.output<typeof ChangePasswordRequestSchema>;

/** A password typed again to confirm a sensitive change (checked by the server against the stored hash). */
export const passwordAgain = (missing: string) =>
  textField(missing).check(
    z.minLength(1, { error: missing }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
  );

/** POST /api/me/email: the new address (trimmed, lower-cased) and the current password. */
export const ChangeEmailRequestSchema = z.object({
  newEmail: emailSchema(EMAIL_CHANGE_MESSAGES.newRequired),
  currentPassword: passwordAgain(PASSWORD_MESSAGES.currentRequired),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;
export type ChangeEmailData = z.output<typeof ChangeEmailRequestSchema>;
