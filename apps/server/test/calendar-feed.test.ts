// The private calendar feed end to end: the link from Settings, the .ics read by a calendar parser
// (node-ical) with each upcoming check-in of the user's running projects on the project's local date
// (two timezones, across a DST change), and a replaced link that stops working at once.
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

// 2026-03-01 20:00 UTC: Los Angeles moves to summer time on March 8; Auckland is on 03-02 already.
const clock = manualClock(new Date('2026-03-01T20:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let laProject: string;
let nzProject: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'America/Los_Angeles' });
  other = await createUser(t.app, { timezone: 'UTC' });
  const weekly = { lengthValue: 3, lengthUnit: 'weeks', frequencyValue: 1, frequencyUnit: 'weeks' } as const;
  ({ projectId: laProject } = await createPaidProject(t.app, { owner, draft: { ...weekly, title: 'Run' } }));
  await t.database.pool.query(`update users set timezone = 'Pacific/Auckland' where id = $1`, [
    owner.user.id,
  ]);
  ({ projectId: nzProject } = await createPaidProject(t.app, { owner, draft: { ...weekly, title: 'Surf' } }));
  await createPaidProject(t.app, { owner: other, draft: { ...weekly, title: 'Not yours' } });
});
afterAll(async () => {
  await t.close();
});

async function feedLink(user: SignedIn, rotate = false): Promise<string> {
  const res = await t.app.inject({
    method: rotate ? 'POST' : 'GET',
    url: rotate ? '/api/me/calendar-feed/rotate' : '/api/me/calendar-feed',
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{32}\/check-ins\.ics$/);
  return url.replace('http://localhost:3000', '');
}

function events(ics: string) {
  return Object.values(ical.sync.parseICS(ics))
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .map((event) => {
      const start = event.start as Date & { dateOnly?: boolean };
      const date = [start.getFullYear(), start.getMonth() + 1, start.getDate()]
        .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
        .join('-');
      const url = event.url as unknown;
      const link = typeof url === 'object' && url !== null ? (url as { val: string }).val : String(url);
      return { date, allDay: start.dateOnly === true, summary: event.summary, url: link };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || String(a.summary).localeCompare(String(b.summary)));
}

describe('the calendar feed', () => {
  it('asks for sign-in to see the link, and keeps the same link until it is replaced', async () => {
    expect((await t.app.inject({ url: '/api/me/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/calendar-feed/rotate' })).statusCode).toBe(
      401,
    );
    expect(await feedLink(owner)).toBe(await feedLink(owner));
    expect(await feedLink(other)).not.toBe(await feedLink(owner));
  });

  it("lists every upcoming check-in of the user's running projects on the project's local dates", async () => {
    const res = await t.app.inject({ url: await feedLink(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    // LA project: made on 03-01 local, check-ins 03-08 (the DST day), 03-15. Auckland project: made on
    // 03-02 local, check-ins 03-09, 03-16. The automatic first check-in is done, so day 0 is absent.
    expect(events(res.body)).toEqual([
      {
        date: '2026-03-08',
        allDay: true,
        summary: 'Check in: Run',
        url: `http://localhost:3000/project/${laProject}`,
      },
      {
        date: '2026-03-09',
        allDay: true,
        summary: 'Check in: Surf',
        url: `http://localhost:3000/project/${nzProject}`,
      },
      {
        date: '2026-03-15',
        allDay: true,
        summary: 'Check in: Run',
        url: `http://localhost:3000/project/${laProject}`,
      },
      {
        date: '2026-03-16',
        allDay: true,
        summary: 'Check in: Surf',
        url: `http://localhost:3000/project/${nzProject}`,
      },
    ]);
  });

  it('drops a check-in date once it is done', async () => {
    clock.set(new Date('2026-03-08T18:00:00Z')); // 11:00 PDT on the LA project's check-in day
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${laProject}/check-ins`,
      headers: { cookie: owner.cookie },
      payload: { updateText: 'Ran in the new summer time' },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const res = await t.app.inject({ url: await feedLink(owner) });
    expect(events(res.body).map((e) => `${e.date} ${e.summary}`)).toEqual([
      '2026-03-09 Check in: Surf',
      '2026-03-15 Check in: Run',
      '2026-03-16 Check in: Surf',
    ]);
  });

  it('a replaced link stops working at once; the new one works', async () => {
    const old = await feedLink(owner);
    const fresh = await feedLink(owner, true);
    expect(fresh).not.toBe(old);
    const gone = await t.app.inject({ url: old });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
    expect((await t.app.inject({ url: fresh })).statusCode).toBe(200);
    expect(await feedLink(owner)).toBe(fresh);
    for (const token of ['nope', 'a'.repeat(32), 'a'.repeat(200)]) {
      const res = await t.app.inject({ url: `/api/calendar/${token}/check-ins.ics` });
      expect(res.statusCode, token).toBe(404);
    }
  });
});
