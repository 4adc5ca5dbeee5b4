import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { insertProjectRow } from './support/project-rows.ts';
import { createUser } from './support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const insertProject = (
  userId: string,
  title: string,
  createdAt: string,
  lengthDays: number,
  extra: { deleted?: boolean } = {},
) => insertProjectRow(t.database.pool, { userId, title, createdAt, lengthDays, ...extra });

describe('public profiles', () => {
  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/nobody_by_that_name' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User not found');
  });

  it('shows a new user with no projects', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${u.user.username}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.username).toBe(u.user.username);
    expect(Date.parse(body.user.createdAt)).not.toBeNaN();
    expect(body.activeProjects).toEqual([]);
    expect(body.completedProjects).toEqual([]);
  });

  it('splits projects into active (with upcoming) and completed, newest first, without deleted ones, case-insensitively', async () => {
    const u = await createUser(t.app);
    await insertProject(u.user.id, 'Finished novel', '2026-01-01T10:00:00Z', 30);
    await insertProject(u.user.id, 'Daily sketches', '2026-03-10T10:00:00Z', 30);
    await insertProject(u.user.id, 'Marathon prep', '2026-03-15T10:00:00Z', 60);
    await insertProject(u.user.id, 'Deleted one', '2026-03-16T10:00:00Z', 30, { deleted: true });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${u.user.username!.toUpperCase()}` });
    const body = res.json();
    expect(body.activeProjects.map((p: { title: string }) => p.title)).toEqual([
      'Marathon prep',
      'Daily sketches',
    ]);
    expect(body.completedProjects.map((p: { title: string }) => p.title)).toEqual(['Finished novel']);
    const card = body.activeProjects[1];
    expect(card).toMatchObject({
      tag: 'Writing',
      refundableCents: 5000,
      status: 'active',
      daysLeftBadge: null,
    });
    expect(card.imageUrl).toMatch(/^\/images\//); // the tag's default picture
    expect(body.completedProjects[0].status).toBe('completed');
  });
});
