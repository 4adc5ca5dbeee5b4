// Accounts: session, health, signup, login, password reset.
// The requests of the account forms (signup, login, forgot and reset password, change password) are
// in forms.ts, in zod/mini, shared with the web app's forms.
import { EMAIL_VERIFICATION_MESSAGES, PASSWORD_MESSAGES } from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

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

/** Answer to a forgot-password request (always the same, whether or not the address exists). */
export const ForgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

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
