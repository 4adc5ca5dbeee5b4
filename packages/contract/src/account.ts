// Settings, public profiles and the newsletter.
import { ACCOUNT_DELETION_MESSAGES, EMAIL_CHANGE_MESSAGES, EMAIL_MESSAGES } from '@kept/domain';
import { z } from 'zod';
import { EmailSchema, passwordAgain } from './account-forms.ts';
import { IsoDateTimeSchema } from './common.ts';
import { ProjectCardSchema } from './projects.ts';

/** GET/PUT settings: the signed-in user's profile fields. */
export const SettingsResponseSchema = z.object({ username: z.string().nullable(), timezone: z.string() });
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

/** GET /api/users/:username */
export const UsernameParamsSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(60),
});

/** GET a public profile: active (and upcoming) and completed projects. */
export const PublicProfileResponseSchema = z.object({
  user: z.object({ username: z.string(), createdAt: IsoDateTimeSchema }),
  activeProjects: z.array(ProjectCardSchema),
  completedProjects: z.array(ProjectCardSchema),
});
export type PublicProfileResponse = z.infer<typeof PublicProfileResponseSchema>;

/**
 * Newsletter sign-up: email trimmed, then 'Please enter your email address' / 'Please enter a valid
 * email address'. A body that is no object at all is an address not entered.
 */
export const NewsletterRequestSchema = z.object({ email: EmailSchema }, { error: EMAIL_MESSAGES.required });
export type NewsletterRequest = z.input<typeof NewsletterRequestSchema>;

/**
 * ?token=… of an unsubscribe link (newsletter, check-in reminders). The link is read by a person's
 * browser or mail client: a token that is missing or not one piece of text is no token, and the page
 * says the link does not work (it is not refused with the error format).
 */
export const UnsubscribeQuerySchema = z.object({
  token: z.string().max(200).optional().catch(undefined),
});

/** The newsletter answer the footer form reads. */
export const NewsletterResponseSchema = z.object({ success: z.boolean(), error: z.string().optional() });
export type NewsletterResponse = z.infer<typeof NewsletterResponseSchema>;

/** POST /api/me/email's answer: what Settings says (the link is on its way to the new address). */
export const ChangeEmailResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponseSchema>;

/** POST /api/auth/email-change/confirm and …/undo: the token of the emailed link. */
export const EmailChangeLinkRequestSchema = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_MESSAGES.invalidLink })
    .trim()
    .min(1, { error: EMAIL_CHANGE_MESSAGES.invalidLink })
    .max(200, { error: EMAIL_CHANGE_MESSAGES.invalidLink }),
});
export type EmailChangeLinkRequest = z.input<typeof EmailChangeLinkRequestSchema>;

/**
 * What keeps the account from being deleted: a project not yet settled (linked by its id), or a payment
 * form still open (a deposit or donation being paid; titled by its project).
 */
export const DeletionBlockerSchema = z.object({
  kind: z.enum(['project', 'payment']),
  id: z.string(),
  title: z.string(),
});

/** GET /api/me/account-deletion: what would keep the account from being deleted now (empty: nothing). */
export const AccountDeletionResponseSchema = z.object({ blockers: z.array(DeletionBlockerSchema) });
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponseSchema>;

/** POST /api/me/account-deletion: the password, typed again. */
export const DeleteAccountRequestSchema = z.object({
  password: passwordAgain(ACCOUNT_DELETION_MESSAGES.passwordRequired),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;
