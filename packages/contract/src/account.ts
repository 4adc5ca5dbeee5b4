// Settings, public profiles and the newsletter.
import { EMAIL_MESSAGES, MESSAGES, USERNAME_MESSAGES, listedTimezone } from '@kept/domain';
import { z } from 'zod';
import { EmailSchema, UsernameSchema } from './auth.ts';
import { IsoDateTimeSchema } from './common.ts';
import { ProjectCardSchema } from './projects.ts';

/** Settings: a new username, same rules as signup; output trimmed. Missing: 'Username is required'. */
export const UpdateUsernameRequestSchema = z.object({
  username: UsernameSchema({
    missing: USERNAME_MESSAGES.required,
    notText: USERNAME_MESSAGES.invalid,
  }),
});
export type UpdateUsernameRequest = z.input<typeof UpdateUsernameRequestSchema>;

/** Settings: one of the 35 listed timezones (an alias of one is stored as the listed name). */
export const UpdateTimezoneRequestSchema = z.object({
  timezone: z
    .string({ error: MESSAGES.invalidTimezone })
    .refine((value) => listedTimezone(value) !== null, { message: MESSAGES.invalidTimezone })
    .transform((value) => listedTimezone(value) ?? value),
});
export type UpdateTimezoneRequest = z.input<typeof UpdateTimezoneRequestSchema>;

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
