// Staying on track (issue 23): reminder preferences (the owner's, and a project's override), the
// private calendar feed, history (streak, completion rate, a year of check-ins) and fixing a check-in.
import { CHECK_IN_MESSAGES, REMINDER_CHANNELS, REMINDER_TIMINGS } from '@kept/domain';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { LocalDateSchema } from './common.ts';
import { checkInTextFields } from './check-in-form.ts';
import { ReminderPrefsSchema, reminderChannels, reminderTimings } from './reminder-form.ts';
import { ProjectSummarySchema } from './projects.ts';

export const ReminderChannelSchema = z.enum(REMINDER_CHANNELS);
export const ReminderTimingSchema = z.enum(REMINDER_TIMINGS);

/** A project's own choices: a channel or moment absent follows the owner's. */
export const ReminderOverrideSchema = z.object({
  channels: zm.optional(zm.partial(reminderChannels)),
  timings: zm.optional(zm.partial(reminderTimings)),
});
export type ReminderOverrideDto = z.infer<typeof ReminderOverrideSchema>;

/** A project of the owner's that is still running, and its override (null: follows the owner's). */
export const ProjectRemindersSchema = z.object({
  projectId: z.string(),
  title: z.string(),
  override: ReminderOverrideSchema.nullable(),
});

/** GET/PUT /api/me/reminders */
export const RemindersResponseSchema = z.object({
  prefs: ReminderPrefsSchema,
  projects: z.array(ProjectRemindersSchema),
});
export type RemindersResponse = z.infer<typeof RemindersResponseSchema>;

/** PUT /api/projects/:projectId/reminders — the project's override, or null to follow the owner's. */
export const ProjectReminderRequestSchema = z.object({ override: ReminderOverrideSchema.nullable() });
export type ProjectReminderRequest = z.infer<typeof ProjectReminderRequestSchema>;
export const ProjectReminderResponseSchema = ProjectRemindersSchema;

/** GET /api/me/calendar-feed and POST …/rotate: the private feed's address. */
export const CalendarFeedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;

/** GET /api/calendar/:token/check-ins.ics — the token is the feed's secret. */
export const CalendarFeedParamsSchema = z.object({ token: z.string().max(200) });

/** Streak, completion rate and a year of check-ins (their local dates), as of `today`. */
export const HistorySchema = z.object({
  /** Satisfied periods counted back from the latest decided one; pauses never break it. */
  streak: z.number().int().min(0),
  /** Completed periods as a whole percentage of decided ones; null before any is decided. */
  completionRate: z.number().int().min(0).max(100).nullable(),
  completedPeriods: z.number().int().min(0),
  missedPeriods: z.number().int().min(0),
  pausedPeriods: z.number().int().min(0),
  /** The local date of every check-in in the last year (a day with several appears several times). */
  checkInDates: z.array(LocalDateSchema),
  today: LocalDateSchema,
});
export type History = z.infer<typeof HistorySchema>;

/** PATCH/DELETE /api/projects/:projectId/check-ins/:checkInId */
export const CheckInParamsSchema = z.object({
  projectId: z.string().max(100),
  checkInId: z.string().max(100),
});

/**
 * PATCH a check-in in its first 15 minutes: a new text and/or YouTube link ('' removes it). The
 * check-in must keep an update, a photo or a video.
 */
export const EditCheckInRequestSchema = z.object(checkInTextFields, { error: CHECK_IN_MESSAGES.empty });
export type EditCheckInRequest = z.input<typeof EditCheckInRequestSchema>;

/** DELETE answers the project's summary as it is without the check-in. */
export const DeleteCheckInResponseSchema = z.object({ summary: ProjectSummarySchema });
