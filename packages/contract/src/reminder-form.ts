// The owner's reminder preferences, written with zod/mini: the server validates PUT /api/me/reminders
// with ReminderPrefsSchema (and answers the saved preferences in the same shape, reminders.ts), and
// Settings' reminders form checks with the very same schema. Nothing here may import 'zod' itself or a
// module that does.
import * as z from 'zod/mini';

const MINUTES_IN_DAY = 24 * 60;
const flag = z.boolean({ error: 'Please choose on or off.' });
// Whole minutes in a day, checked with refinements rather than z.int/gte/lte: those would add about
// 600 B gzip to the zod chunk every form screen loads (decision 044). The served OpenAPI document now says
// "number" without bounds for these two; the generated client types (number) are the same.
const minuteOfDay = z.number({ error: 'Please choose a time.' }).check(
  z.refine(Number.isInteger, { error: 'Please choose a time.' }),
  z.refine((minute) => minute >= 0 && minute < MINUTES_IN_DAY, { error: 'Please choose a time of day.' }),
);

export const reminderChannels = z.object({ email: flag, push: flag });
export const reminderTimings = z.object({ 'day-before': flag, 'morning-of': flag, overdue: flag });

export const QUIET_HOURS_MESSAGE = 'Quiet hours must start and end at different times.';

/** Quiet hours in the owner's zone, minutes after midnight; `start` > `end` wraps past midnight. */
export const QuietHoursSchema = z
  .object({ start: minuteOfDay, end: minuteOfDay })
  .check(z.refine((q) => q.start !== q.end, { error: QUIET_HOURS_MESSAGE }));

/** The owner's reminder preferences (@kept/domain ReminderPrefs). PUT /api/me/reminders' body. */
export const ReminderPrefsSchema = z.object({
  channels: reminderChannels,
  timings: reminderTimings,
  quietHours: z.nullable(QuietHoursSchema),
});
export type ReminderPrefsDto = z.infer<typeof ReminderPrefsSchema>;
