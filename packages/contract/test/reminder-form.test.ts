import { describe, expect, it } from 'vitest';
import { QUIET_HOURS_MESSAGE, ReminderPrefsSchema } from '../src/index.ts';

const prefs = (quietHours: unknown) => ({
  channels: { email: true, push: false },
  timings: { 'day-before': false, 'morning-of': true, overdue: true },
  quietHours,
});
const messages = (quietHours: unknown) =>
  ReminderPrefsSchema.safeParse(prefs(quietHours)).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('ReminderPrefsSchema (zod/mini, the server and the Settings form)', () => {
  it('takes whole minutes of a day, or no quiet hours', () => {
    expect(ReminderPrefsSchema.parse(prefs({ start: 1320, end: 0 })).quietHours).toEqual({
      start: 1320,
      end: 0,
    });
    expect(ReminderPrefsSchema.parse(prefs(null)).quietHours).toBeNull();
  });

  it('refuses a time that is not a whole minute of the day, then equal times, in its own words', () => {
    expect(messages({ start: null, end: 450 })).toEqual([['quietHours.start', 'Please choose a time.']]);
    expect(messages({ start: 1.5, end: 450 })).toEqual([['quietHours.start', 'Please choose a time.']]);
    expect(messages({ start: 1320, end: 1440 })).toEqual([
      ['quietHours.end', 'Please choose a time of day.'],
    ]);
    expect(messages({ start: -1, end: 450 })).toEqual([['quietHours.start', 'Please choose a time of day.']]);
    expect(messages({ start: 600, end: 600 })).toEqual([['quietHours', QUIET_HOURS_MESSAGE]]);
  });
});
