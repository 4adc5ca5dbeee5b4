// Reminder preferences against the injected clock: the owner's channels × moments × quiet hours, a
// project's override and a paused period, through the settings API; bad input changes nothing; the
// unsubscribe link turns exactly the email channel off.
import { DEFAULT_REMINDER_PREFS, type ReminderPrefs } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sentMail, walkClock } from './support/jobs.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

// Everyone in UTC; weekly 30-day projects made on 2026-03-01: period 1 is 03-08 … 03-14, period 2 03-15 ….
const clock = manualClock(new Date('2026-03-01T20:00:00Z'));
let t: TestApp;
const who: Record<'plain' | 'pushOnly' | 'evening' | 'quiet' | 'override' | 'paused', SignedIn> = {} as never;
const projectOf: Record<string, string> = {};

const prefs = (change: Partial<ReminderPrefs>): ReminderPrefs => ({ ...DEFAULT_REMINDER_PREFS, ...change });

async function putPrefs(user: SignedIn, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/me/reminders',
    headers: { cookie: user.cookie },
    payload: body as object,
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const name of Object.keys({ plain: 0, pushOnly: 0, evening: 0, quiet: 0, override: 0, paused: 0 })) {
    const user = await createUser(t.app, { timezone: 'UTC' });
    who[name as keyof typeof who] = user;
    const { projectId } = await createPaidProject(t.app, {
      owner: user,
      draft: {
        title: `Weekly ${name}`,
        lengthValue: 30,
        lengthUnit: 'days',
        frequencyValue: 1,
        frequencyUnit: 'weeks',
      },
    });
    projectOf[name] = projectId;
  }
  await t.app.jobs.runDue();
});
afterAll(async () => {
  await t.close();
});

const remindersTo = async (user: SignedIn) =>
  (await sentMail(t))
    .filter((m) => m.to === user.user.email && m.subjectText.startsWith('Check-in'))
    .map((m) => m.subjectText);

describe('reminder preferences', () => {
  it('starts with the defaults: email on the morning of and when overdue', async () => {
    const res = await t.app.inject({ url: '/api/me/reminders', headers: { cookie: who.plain.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prefs: DEFAULT_REMINDER_PREFS,
      projects: [{ projectId: projectOf.plain, title: 'Weekly plain', override: null }],
    });
  });

  it('refuses bad preferences with a clear error and changes nothing', async () => {
    for (const body of [
      { ...DEFAULT_REMINDER_PREFS, quietHours: { start: 600, end: 600 } },
      { ...DEFAULT_REMINDER_PREFS, quietHours: { start: -1, end: 60 } },
      { ...DEFAULT_REMINDER_PREFS, channels: { email: 'yes', push: false } },
      { channels: DEFAULT_REMINDER_PREFS.channels },
    ]) {
      const res = await putPrefs(who.plain, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const res = await t.app.inject({ url: '/api/me/reminders', headers: { cookie: who.plain.cookie } });
    expect(res.json().prefs).toEqual(DEFAULT_REMINDER_PREFS);
  });

  it('sets each owner’s choices and a project override, and a pause', async () => {
    expect((await putPrefs(who.pushOnly, prefs({ channels: { email: false, push: true } }))).statusCode).toBe(
      200,
    );
    expect(
      (
        await putPrefs(
          who.evening,
          prefs({ timings: { 'day-before': true, 'morning-of': false, overdue: false } }),
        )
      ).statusCode,
    ).toBe(200);
    const quiet = await putPrefs(who.quiet, prefs({ quietHours: { start: 22 * 60, end: 10 * 60 + 30 } }));
    expect(quiet.json().prefs.quietHours).toEqual({ start: 1320, end: 630 });
    const override = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectOf.override}/reminders`,
      headers: { cookie: who.override.cookie },
      payload: { override: { channels: { email: false } } },
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json()).toEqual({
      projectId: projectOf.override,
      title: 'Weekly override',
      override: { channels: { email: false } },
    });
    const notMine = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectOf.plain}/reminders`,
      headers: { cookie: who.override.cookie },
      payload: { override: null },
    });
    expect(notMine.statusCode).toBe(403);
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectOf.paused}/pauses`,
      headers: { cookie: who.paused.cookie },
      payload: { period: 1 },
    });
    expect(pause.statusCode, pause.body).toBe(200);
  });

  it('sends what each asked for, when they asked, outside quiet hours, none in a pause', async () => {
    await walkClock(t.app, clock, '2026-03-07T17:59:00Z');
    for (const user of Object.values(who)) expect(await remindersTo(user)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-07T18:00:00Z');
    expect(await remindersTo(who.evening)).toEqual(['Check-in tomorrow: Weekly evening']);
    await walkClock(t.app, clock, '2026-03-08T09:00:00Z');
    expect(await remindersTo(who.plain)).toEqual(['Check-in due today: Weekly plain']);
    // 09:00 is inside 22:00–10:30: the reminder waits for the end of the quiet hours.
    expect(await remindersTo(who.quiet)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-08T10:29:00Z');
    expect(await remindersTo(who.quiet)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-08T10:30:00Z');
    expect(await remindersTo(who.quiet)).toEqual(['Check-in due today: Weekly quiet']);
    await walkClock(t.app, clock, '2026-03-09T10:30:00Z');
    expect(await remindersTo(who.plain)).toEqual([
      'Check-in due today: Weekly plain',
      'Check-in overdue: Weekly plain',
    ]);
    expect(await remindersTo(who.quiet)).toEqual([
      'Check-in due today: Weekly quiet',
      'Check-in overdue: Weekly quiet',
    ]);
    expect(await remindersTo(who.evening)).toEqual(['Check-in tomorrow: Weekly evening']);
    // Email off (push only), email off for this project, and a paused period: no email.
    expect(await remindersTo(who.pushOnly)).toEqual([]);
    expect(await remindersTo(who.override)).toEqual([]);
    expect(await remindersTo(who.paused)).toEqual([]);
    // The paused project's next period is reminded as usual.
    await walkClock(t.app, clock, '2026-03-15T09:00:00Z');
    expect(await remindersTo(who.paused)).toEqual(['Check-in due today: Weekly paused']);
  });

  it('a changed preference takes effect for the next reminder', async () => {
    // The evening owner turns the morning-of reminder on at noon on 03-15 (period 2's due day): it is
    // sent at once (its moment has passed and the period is open), once.
    await putPrefs(
      who.evening,
      prefs({ timings: { 'day-before': true, 'morning-of': true, overdue: false } }),
    );
    await walkClock(t.app, clock, '2026-03-15T12:00:00Z');
    expect(await remindersTo(who.evening)).toEqual([
      'Check-in tomorrow: Weekly evening',
      'Check-in tomorrow: Weekly evening',
      'Check-in due today: Weekly evening',
    ]);
  });

  it('the unsubscribe link turns the email channel off and nothing else', async () => {
    await putPrefs(who.plain, prefs({ channels: { email: true, push: true } }));
    const mail = (await sentMail(t)).find(
      (m) => m.to === who.plain.user.email && m.subjectText.startsWith('Check-in'),
    )!;
    const url = /Unsubscribe: http:\/\/localhost:3000(\S+)/.exec(mail.text)![1]!;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/me/reminders', headers: { cookie: who.plain.cookie } });
    expect(res.json().prefs).toEqual(prefs({ channels: { email: false, push: true } }));
  });
});
