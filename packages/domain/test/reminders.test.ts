// Reminder preferences (issue 23): channel × timing × quiet hours × pause, in the owner's zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_PREFS,
  TIMEZONES,
  afterQuietHours,
  effectivePrefs,
  localDateOf,
  nextReminderAt,
  plannedReminders,
  projectSchedule,
  remindersDue,
  timeZoneOffsetMs,
} from '../src/index.ts';
import type { ReminderPrefs, ScheduleProject } from '../src/index.ts';

const at = (iso: string) => new Date(iso);
const example: ScheduleProject = {
  createdAt: at('2026-03-01T09:00:00Z'),
  totalLengthDays: 30,
  checkInFrequencyDays: 7,
  timezone: 'UTC',
}; // check-in dates 03-01, 03-08, 03-15, 03-22, 03-29
const schedule = projectSchedule(example);
const prefs = (change: Partial<ReminderPrefs> = {}): ReminderPrefs => ({
  ...DEFAULT_REMINDER_PREFS,
  ...change,
});
const allTimings = { 'day-before': true, 'morning-of': true, overdue: true };
const moments = (list: { timing: string; at: Date }[]) =>
  list.map((r) => `${r.timing} ${r.at.toISOString()}`);

describe('planned reminders', () => {
  it('by default: the morning of the check-in date and the next morning, by email, at 9 in the owner’s zone', () => {
    expect(plannedReminders(schedule, 1, prefs(), 'UTC')).toEqual([
      { period: 1, timing: 'morning-of', at: at('2026-03-08T09:00:00Z'), channels: ['email'] },
      { period: 1, timing: 'overdue', at: at('2026-03-09T09:00:00Z'), channels: ['email'] },
    ]);
  });

  it('adds the evening before when chosen, and uses every channel chosen', () => {
    const p = prefs({ timings: allTimings, channels: { email: true, push: true } });
    const planned = plannedReminders(schedule, 2, p, 'UTC');
    expect(moments(planned)).toEqual([
      'day-before 2026-03-14T18:00:00.000Z',
      'morning-of 2026-03-15T09:00:00.000Z',
      'overdue 2026-03-16T09:00:00.000Z',
    ]);
    expect(planned.every((r) => r.channels.join() === 'email,push')).toBe(true);
  });

  it('sends nothing for period 0, a paused period, or with every channel off', () => {
    expect(plannedReminders(schedule, 0, prefs(), 'UTC')).toEqual([]);
    const paused = projectSchedule({ ...example, pausedPeriods: [2] });
    expect(plannedReminders(paused, 2, prefs({ timings: allTimings }), 'UTC')).toEqual([]);
    expect(plannedReminders(paused, 3, prefs(), 'UTC')).toHaveLength(2);
    expect(plannedReminders(schedule, 1, prefs({ channels: { email: false, push: false } }), 'UTC')).toEqual(
      [],
    );
  });

  it('moves a reminder to the end of quiet hours, and drops one that would then come too late', () => {
    const quiet = prefs({ timings: allTimings, quietHours: { start: 22 * 60, end: 10 * 60 } });
    expect(moments(plannedReminders(schedule, 1, quiet, 'UTC'))).toEqual([
      'day-before 2026-03-07T18:00:00.000Z',
      'morning-of 2026-03-08T10:00:00.000Z',
      'overdue 2026-03-09T10:00:00.000Z',
    ]);
    // Quiet from 17:00 to 01:00: the evening before would land on the check-in date itself, so it is dropped.
    const evening = prefs({ timings: allTimings, quietHours: { start: 17 * 60, end: 60 } });
    expect(moments(plannedReminders(schedule, 1, evening, 'UTC'))).toEqual([
      'morning-of 2026-03-08T09:00:00.000Z',
      'overdue 2026-03-09T09:00:00.000Z',
    ]);
  });

  it('keeps 9 am across a daylight-saving change in the owner’s zone', () => {
    const ny = projectSchedule({
      ...example,
      createdAt: at('2026-03-01T15:00:00Z'),
      timezone: 'America/New_York',
    });
    // 2026-03-08: New York moves from EST (−5) to EDT (−4) at 2 am.
    expect(moments(plannedReminders(ny, 1, prefs(), 'America/New_York'))).toEqual([
      'morning-of 2026-03-08T13:00:00.000Z',
      'overdue 2026-03-09T13:00:00.000Z',
    ]);
  });

  it('never reminds before the check-in date has begun where the project lives', () => {
    const la = projectSchedule({
      ...example,
      createdAt: at('2026-03-01T20:00:00Z'),
      timezone: 'America/Los_Angeles',
    });
    // 9 am in Tokyo on 03-08 is 03-07 16:00 in Los Angeles: the reminder waits for 03-08 00:00 there.
    const [morning] = plannedReminders(la, 1, prefs(), 'Asia/Tokyo');
    expect(morning?.at).toEqual(at('2026-03-08T08:00:00Z'));
  });

  it('takes a project’s own channels and timings over the owner’s', () => {
    const owner = prefs({ quietHours: { start: 0, end: 60 } });
    expect(effectivePrefs(owner, { channels: { push: true }, timings: { overdue: false } })).toEqual({
      channels: { email: true, push: true },
      timings: { 'day-before': false, 'morning-of': true, overdue: false },
      quietHours: { start: 0, end: 60 },
    });
    expect(effectivePrefs(owner, null)).toEqual(owner);
  });
});

describe('reminders due now', () => {
  const p = prefs({ timings: allTimings });

  it('are those whose moment has come, for a period not yet checked in', () => {
    expect(moments(remindersDue(schedule, [], p, 'UTC', at('2026-03-07T17:59:59Z')))).toEqual([]);
    expect(moments(remindersDue(schedule, [], p, 'UTC', at('2026-03-07T18:00:00Z')))).toEqual([
      'day-before 2026-03-07T18:00:00.000Z',
    ]);
    const checkedIn = [{ checkInProjectDate: '2026-03-08', createdAt: at('2026-03-08T08:00:00Z') }];
    expect(remindersDue(schedule, checkedIn, p, 'UTC', at('2026-03-08T09:00:00Z'))).toEqual([]);
    expect(remindersDue(schedule, [], p, 'UTC', at('2026-03-31T00:00:00Z'))).toEqual([]);
  });

  it('say when the next one is due', () => {
    expect(nextReminderAt(schedule, p, 'UTC', at('2026-03-07T12:00:00Z'))).toEqual(
      at('2026-03-07T18:00:00Z'),
    );
    expect(nextReminderAt(schedule, p, 'UTC', at('2026-03-07T18:00:00Z'))).toEqual(
      at('2026-03-08T09:00:00Z'),
    );
  });
});

describe('quiet hours', () => {
  it('move an instant inside them to their end, also across midnight', () => {
    const q = { start: 22 * 60, end: 7 * 60 };
    expect(afterQuietHours(at('2026-03-01T23:30:00Z'), q, 'UTC')).toEqual(at('2026-03-02T07:00:00Z'));
    expect(afterQuietHours(at('2026-03-02T06:59:00Z'), q, 'UTC')).toEqual(at('2026-03-02T07:00:00Z'));
    expect(afterQuietHours(at('2026-03-02T07:00:00Z'), q, 'UTC')).toEqual(at('2026-03-02T07:00:00Z'));
    expect(afterQuietHours(at('2026-03-02T12:00:00Z'), q, 'UTC')).toEqual(at('2026-03-02T12:00:00Z'));
    expect(afterQuietHours(at('2026-03-02T12:00:00Z'), { start: 60, end: 60 }, 'UTC')).toEqual(
      at('2026-03-02T12:00:00Z'),
    );
  });

  it('never leave a planned reminder inside them, nor outside its period', () => {
    const zone = fc.constantFrom(...TIMEZONES.map((z) => z.value));
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    fc.assert(
      fc.property(
        zone,
        zone,
        minute,
        minute,
        fc.integer({ min: 0, max: 400 }),
        (projectZone, ownerZone, start, end, day) => {
          const s = projectSchedule({
            ...example,
            createdAt: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000),
            timezone: projectZone,
          });
          const p = prefs({ timings: allTimings, quietHours: { start, end } });
          for (let k = 1; k < s.checkInDates.length; k += 1) {
            for (const r of plannedReminders(s, k, p, ownerZone)) {
              const local = r.at.getTime() + timeZoneOffsetMs(r.at, ownerZone);
              const m = Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
              const quiet = start < end ? m >= start && m < end : start !== end && (m >= start || m < end);
              expect(quiet).toBe(false);
              const date = localDateOf(r.at, projectZone);
              expect(date >= s.checkInDates[k - 1]!).toBe(true);
              expect(date <= (s.checkInDates[k + 1] ?? s.endDate)).toBe(true);
            }
          }
        },
      ),
    );
  });
});
