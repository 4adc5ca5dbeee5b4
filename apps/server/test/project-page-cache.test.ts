// The anonymous project page is kept and shared between visitors (decision 037), yet shows every change
// the moment it commits, on every instance, and what time alone changes the moment it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@kept/domain';
import { ProjectDetailResponseSchema, type ProjectDetailResponse } from '@kept/contract';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser, type SignedIn } from './support/users.ts';

// 28 days, a check-in due every 7 (UTC): periods close at 03-08, 03-15, 03-22 and 03-29 00:00.
const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let projectId: string;

beforeAll(async () => {
  a = await createTestApp({ clock });
  // A second instance of the app on the same database, as behind a load balancer.
  b = await createTestApp({ clock, database: a.database });
  owner = await createUser(a.app, { timezone: 'UTC' });
  projectId = await insertProject(a.database.pool, {
    userId: owner.user.id,
    title: 'Run a marathon',
    createdAt: '2026-03-01T10:00:00Z',
    lengthDays: 28,
    frequencyDays: 7,
    depositCents: 5_000,
    refundableCents: 5_000,
  });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The page as a visitor's browser asks for it (no `Cache-Control: no-cache`), from one instance. */
async function visit(t: TestApp): Promise<{ body: string; page: ProjectDetailResponse }> {
  const res = await get(t.app, `/api/projects/${projectId}`, { cached: true });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { body: res.body, page: ProjectDetailResponseSchema.parse(res.json()) };
}

async function addCheckIn(date: string): Promise<string> {
  const { rows } = await a.database.pool.query<{ id: string }>(
    `insert into project_checkins (project_id, user_id, update_text, check_in_timezone, check_in_local_date,
       check_in_project_date, created_at)
     values ($1, $2, 'Ran 10 km', 'UTC', $3, $3, $4) returning id`,
    [projectId, owner.user.id, date, `${date}T08:00:00Z`],
  );
  return rows[0]!.id;
}

describe('the anonymous project page, kept between visitors', () => {
  it('is exactly the answer made for the request alone, on either instance', async () => {
    const first = await visit(a);
    const again = await visit(a);
    const other = await visit(b);
    const fresh = await get(a.app, `/api/projects/${projectId}`);
    expect(again.body).toBe(first.body);
    expect(other.body).toBe(first.body);
    expect(first.page).toEqual(ProjectDetailResponseSchema.parse(fresh.json()));
    expect(first.page.viewer).toEqual({ isOwner: false, isFavorite: false, signedIn: false });
    expect(first.page.refundIfEndedToday).toBeNull();
  });

  it('shows a donation, a check-in and its removal at once, whichever instance the write went through', async () => {
    await visit(a);
    await visit(b);
    // A donation raises the pool (as the ledger's booking does).
    await a.database.pool.query(
      'update projects set refundable_amount = refundable_amount + 2000 where id = $1',
      [projectId],
    );
    expect((await visit(b)).page.project.refundableCents).toBe(7_000);
    expect((await visit(a)).page.project.refundableCents).toBe(7_000);

    const created = (await visit(a)).page.checkIns.map((c) => c.id); // the automatic first check-in
    const checkIn = await addCheckIn('2026-03-09');
    expect((await visit(b)).page.checkIns.map((c) => c.id)).toEqual([...created, checkIn]);
    await a.database.pool.query('update project_checkins set update_text = $2 where id = $1', [
      checkIn,
      'Ran 12 km',
    ]);
    expect((await visit(a)).page.checkIns.at(-1)!.updateText).toBe('Ran 12 km');
    await a.database.pool.query('delete from project_checkins where id = $1', [checkIn]);
    expect((await visit(b)).page.checkIns.map((c) => c.id)).toEqual(created);
  });

  it("shows the owner's edits and new username through the app at once", async () => {
    await visit(b);
    const edit = await a.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'Run two marathons', description: 'Twice the distance.', tag: 'Fitness' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await visit(b)).page.project.title).toBe('Run two marathons');

    const rename = await a.app.inject({
      method: 'PUT',
      url: '/api/me/username',
      headers: { cookie: owner.cookie },
      payload: { username: 'marathon_maker' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await visit(b)).page.project.username).toBe('marathon_maker');
  });

  it('follows the clock with no write: a missed period, the days left, the end', async () => {
    const before = (await visit(a)).page.project.summary;
    // 03-15 00:00 closes the second period with no check-in in it.
    clock.set(new Date('2026-03-14T23:59:59.999Z'));
    const lastMoment = (await visit(a)).page.project.summary;
    clock.advance(1);
    const after = (await visit(b)).page.project.summary;
    expect(after.missedCheckIns).toBe(lastMoment.missedCheckIns + 1);
    expect(before.missedCheckIns).toBe(lastMoment.missedCheckIns);

    const daysLeft = (await visit(a)).page.project.summary.daysLeft;
    clock.advance(DAY_MS);
    expect((await visit(a)).page.project.summary.daysLeft).toBe(daysLeft - 1);

    const { endsAt } = (await visit(a)).page.project.summary;
    clock.set(new Date(Date.parse(endsAt) + 1));
    const ended = (await visit(a)).page;
    expect(ended.project.summary.ended).toBe(true);
    expect(ended.project.status).toBe('completed');
  });

  it('is, at every moment, the answer made for that moment alone', async () => {
    // Through local midnights (the next check-in's 'Today' and 'Tomorrow'), period closes, whole days
    // before the end and per cent steps, in steps that do not divide a day.
    clock.set(new Date('2026-03-10T12:00:00Z'));
    for (let step = 0; step < 60; step += 1) {
      const kept = (await visit(step % 2 === 0 ? a : b)).page;
      const fresh = ProjectDetailResponseSchema.parse(
        (await get(a.app, `/api/projects/${projectId}`)).json(),
      );
      expect(kept, `at ${clock.now().toISOString()}`).toEqual(fresh);
      clock.advance(5 * 60 * 60 * 1000 + 17 * 60 * 1000);
    }
  });

  it('answers 404 for an unknown, deleted or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await get(a.app, `/api/projects/${id}`, { cached: true });
      expect(res.statusCode).toBe(404);
    }
    const gone = await insertProject(a.database.pool, {
      userId: owner.user.id,
      title: 'Soon deleted',
      createdAt: '2026-03-01T10:00:00Z',
    });
    expect((await get(a.app, `/api/projects/${gone}`, { cached: true })).statusCode).toBe(200);
    await a.database.pool.query('update projects set deleted_at = now() where id = $1', [gone]);
    expect((await get(b.app, `/api/projects/${gone}`, { cached: true })).statusCode).toBe(404);
  });
});
