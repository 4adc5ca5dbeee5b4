// Settings, public profiles and the newsletter.
import {
  MESSAGES,
  USERNAME_MESSAGES,
  listedTimezone,
  normalizeEmail,
  normalizeUsername,
  validateEmail,
  validateUsername,
} from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema, looseText } from './common.ts';
import { ProjectCardSchema } from './projects.ts';

/** Settings: a new username, same rules as signup; output trimmed. */
export const UpdateUsernameRequestSchema = z
  .object({ username: looseText(USERNAME_MESSAGES.invalid) })
  .superRefine((value, ctx) => {
    const error = validateUsername(value.username);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['username'] });
  })
  .transform((value) => ({ username: normalizeUsername(value.username) }));
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

/** Newsletter sign-up: email trimmed, then 'Please enter your email address' / 'Please enter a valid email address'. */
export const NewsletterRequestSchema = z
  .object({ email: looseText(MESSAGES.generic) })
  .superRefine((value, ctx) => {
    const error = validateEmail(value.email);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['email'] });
  })
  .transform((value) => ({ email: normalizeEmail(value.email) }));
export type NewsletterRequest = z.input<typeof NewsletterRequestSchema>;

/** The newsletter answer the footer form reads. */
export const NewsletterResponseSchema = z.object({ success: z.boolean(), error: z.string().optional() });
export type NewsletterResponse = z.infer<typeof NewsletterResponseSchema>;
