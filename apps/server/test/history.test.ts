// Streak, completion rate and the heatmap's dates, from the shared rules on the server: a missed period
// breaks the streak, a paused one does not, an open one is not decided; the same figures for the project,
// its owner's profile and My Projects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let projectId: string;

async function checkInOn(day: string) {
  clock.set(new Date(`${day}T12:00:00Z`));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: { cookie: owner.cookie },
    payload: { updateText: `Done on ${day}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  ({ projectId } = await createPaidProject(t.app, {
    owner,
    draft: { title: 'Daily', lengthValue: 10, lengthUnit: 'days', frequencyValue: 1, frequencyUnit: 'days' },
  }));
  const pause = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/pauses`,
    headers: { cookie: owner.cookie },
    payload: { period: 5 },
  });
  expect(pause.statusCode, pause.body).toBe(200);
  // 03-01 automatic; 03-03 missed; 03-06 paused; 03-08 still open at noon.
  for (const day of ['2026-03-02', '2026-03-04', '2026-03-05', '2026-03-07']) await checkInOn(day);
  clock.set(new Date('2026-03-08T12:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

const expected = {
  streak: 3,
  completionRate: 83,
  completedPeriods: 5,
  missedPeriods: 1,
  pausedPeriods: 1,
  checkInDates: ['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05', '2026-03-07'],
  today: '2026-03-08',
};

describe('history', () => {
  it("a project's streak, completion rate and check-in dates (public)", async () => {
    const res = await t.app.inject({ url: `/api/projects/${projectId}/history` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expected);
  });

  it('the same for the owner on their profile and on My Projects', async () => {
    const profile = await t.app.inject({ url: `/api/users/${owner.user.username}/history` });
    expect(profile.json()).toEqual(expected);
    const mine = await t.app.inject({ url: '/api/me/history', headers: { cookie: owner.cookie } });
    expect(mine.json()).toEqual(expected);
    expect((await t.app.inject({ url: '/api/me/history' })).statusCode).toBe(401);
  });

  it('a new missed period breaks the streak; unknown projects and users are 404', async () => {
    clock.set(new Date('2026-03-09T12:00:00Z'));
    const res = await t.app.inject({ url: `/api/projects/${projectId}/history` });
    expect(res.json()).toMatchObject({ streak: 0, completionRate: 71, missedPeriods: 2 });
    expect((await t.app.inject({ url: '/api/projects/not-a-project/history' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/users/nobody_here_x/history' })).statusCode).toBe(404);
  });
});
