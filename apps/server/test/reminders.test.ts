// Check-in reminders on one timeline driven by an injected clock: at 09:00 in the owner's zone (across
// a DST change), never before the day has begun where the project lives, once per period and kind, not
// for a period already checked in, none overdue when a period is a single day, and a working
// unsubscribe link (click or one-click POST) that turns them off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { htmlOf, sentMail, walkClock, type SentMail } from './support/jobs.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

// 2026-03-01 20:00 UTC is 12:00 in Los Angeles; DST starts there on March 8 (09:00 PDT = 16:00 UTC).
const clock = manualClock(new Date('2026-03-01T20:00:00Z'));
let t: TestApp;
let la: SignedIn;
let nz: SignedIn;
let daily: SignedIn;
let unconfirmed: SignedIn;
let laProject: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  la = await createUser(t.app, { timezone: 'America/Los_Angeles' });
  nz = await createUser(t.app, { timezone: 'UTC' });
  daily = await createUser(t.app, { timezone: 'UTC' });
  // Three owners confirmed their address with the sign-up link; one has not (issue 24).
  unconfirmed = await createUser(t.app, { timezone: 'UTC', verified: false });
  const weekly = { lengthValue: 30, lengthUnit: 'days', frequencyValue: 1, frequencyUnit: 'weeks' } as const;
  ({ projectId: laProject } = await createPaidProject(t.app, {
    owner: la,
    draft: { ...weekly, title: 'LA weekly' },
  }));
  await createPaidProject(t.app, { owner: nz, draft: { ...weekly, title: 'Kiwi weekly' } });
  await createPaidProject(t.app, { owner: unconfirmed, draft: { ...weekly, title: 'Unconfirmed weekly' } });
  await createPaidProject(t.app, {
    owner: daily,
    draft: {
      title: 'Daily sketch',
      lengthValue: 4,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'days',
    },
  });
  await t.app.jobs.runDue();
});
afterAll(async () => {
  await t.close();
});

const remindersTo = async (who: SignedIn): Promise<SentMail[]> =>
  (await sentMail(t)).filter((m) => m.to === who.user.email && m.subjectText.startsWith('Check-in'));
const subjectsTo = async (who: SignedIn) => (await remindersTo(who)).map((m) => m.subjectText);
const unsubscribeUrl = (mail: SentMail) => {
  const m = /Unsubscribe: (http:\/\/localhost:3000(\/api\/notifications\/unsubscribe\?token=[\w%-]+))/.exec(
    mail.text,
  );
  if (!m) throw new Error(`no unsubscribe link in ${mail.text}`);
  return m[2]!;
};

describe('check-in reminders', () => {
  it('daily periods: a due-day reminder each day at 09:00, never an overdue one', async () => {
    await walkClock(t.app, clock, '2026-03-02T08:00:00Z');
    expect(await subjectsTo(daily)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-02T09:00:00Z');
    expect(await subjectsTo(daily)).toEqual(['Check-in due today: Daily sketch']);
    await walkClock(t.app, clock, '2026-03-06T00:00:00Z');
    expect(await subjectsTo(daily)).toEqual(Array(3).fill('Check-in due today: Daily sketch'));
    const mail = (await remindersTo(daily))[0]!;
    expect(mail.text).toContain('It counts until the end of today');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it("follows the owner's zone, but never before the day has begun where the project lives", async () => {
    // The Kiwi owner moved to Auckland after creating a UTC project: 09:00 NZDT on March 8 is 20:00 UTC
    // on March 7, still March 7 for the project, so the reminder waits for March 8 00:00 UTC.
    await t.database.pool.query(`update users set timezone = 'Pacific/Auckland' where id = $1`, [nz.user.id]);
    await walkClock(t.app, clock, '2026-03-07T23:00:00Z');
    expect(await subjectsTo(nz)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-08T00:00:00Z');
    expect(await subjectsTo(nz)).toEqual(['Check-in due today: Kiwi weekly']);
  });

  it('sends at 09:00 local across a DST change, and the overdue one the next morning', async () => {
    await walkClock(t.app, clock, '2026-03-08T15:00:00Z'); // 08:00 PDT
    expect(await subjectsTo(la)).toEqual([]);
    await walkClock(t.app, clock, '2026-03-08T16:00:00Z'); // 09:00 PDT
    expect(await subjectsTo(la)).toEqual(['Check-in due today: LA weekly']);
    await walkClock(t.app, clock, '2026-03-09T15:00:00Z');
    expect(await subjectsTo(la)).toEqual(['Check-in due today: LA weekly']);
    await walkClock(t.app, clock, '2026-03-09T16:00:00Z');
    expect(await subjectsTo(la)).toEqual(['Check-in due today: LA weekly', 'Check-in overdue: LA weekly']);
    expect(await subjectsTo(nz)).toEqual([
      'Check-in due today: Kiwi weekly',
      'Check-in overdue: Kiwi weekly',
    ]);
    // An address not yet confirmed gets neither (its deposit and project work as usual).
    expect(await subjectsTo(unconfirmed)).toEqual([]);
    // Many more runs in the same period send nothing more.
    for (let i = 0; i < 5; i += 1) await t.app.jobs.runDue();
    expect(await subjectsTo(la)).toHaveLength(2);
  });

  it('unsubscribes with the link: a click turns reminders off', async () => {
    const [first] = await remindersTo(nz);
    const url = unsubscribeUrl(first!);
    expect(htmlOf(first!)).toContain(`href="http://localhost:3000${url.replace(/&/g, '&amp;')}"`);
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe?token=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link does not work');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Check-in reminders are off');
    const { rows } = await t.database.pool.query(
      "select reminder_prefs->'channels'->>'email' as email from users where id = $1",
      [nz.user.id],
    );
    expect(rows).toEqual([{ email: 'false' }]);
  });

  it('sends nothing for a period already checked in, and nothing after unsubscribing', async () => {
    clock.set(new Date('2026-03-15T15:00:00Z')); // 08:00 PDT on the due day, before the reminder
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${laProject}/check-ins`,
      headers: { cookie: la.cookie },
      payload: { updateText: 'Ran 10 km before breakfast' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await walkClock(t.app, clock, '2026-03-17T00:00:00Z');
    expect(await subjectsTo(la)).toHaveLength(2);
    expect(await subjectsTo(nz)).toHaveLength(2);
  });

  it('one-click unsubscribe (a form POST from the mail client) works too', async () => {
    const url = unsubscribeUrl((await remindersTo(la))[0]!);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    await walkClock(t.app, clock, '2026-03-24T00:00:00Z');
    expect(await subjectsTo(la)).toHaveLength(2);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from notifications where user_id = $1',
      [la.user.id],
    );
    expect(rows).toEqual([{ n: 2 }]);
  });
});
