// Every owner rule holds on the server: who may do what to a project, before and after its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { insertProjectRow } from './support/project-rows.ts';
import { createUser, type SignedIn } from './support/users.ts';
import { dataFingerprint } from './support/security.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let running: string; // ends 2026-03-30
let ended: string; // ended 2026-02-28

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app);
  other = await createUser(t.app);
  running = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    title: 'Running',
    createdAt: '2026-03-01T12:00:00Z',
    lengthDays: 30,
  });
  ended = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    title: 'Ended',
    createdAt: '2026-02-01T12:00:00Z',
    lengthDays: 28,
  });
});
afterAll(async () => {
  await t.close();
});

type Who = 'visitor' | 'other' | 'owner';
const cookieOf = (who: Who) => (who === 'owner' ? owner.cookie : who === 'other' ? other.cookie : undefined);
const snapshot = async () =>
  (
    await t.database.pool.query(
      `select p.id, p.title, p.deleted_at, (select count(*)::int from project_checkins c where c.project_id = p.id) as checkins,
              (select count(*)::int from user_favorites f where f.project_id = p.id) as favorites
       from projects p order by p.id`,
    )
  ).rows;

const actions = {
  checkIn: (id: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/check-ins`,
      headers: cookie ? { cookie } : {},
      payload: { updateText: 'Did it' },
    }),
  edit: (id: string, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${id}`,
      headers: cookie ? { cookie } : {},
      payload: { title: 'Renamed', description: 'New words', tag: 'Art' },
    }),
  remove: (id: string, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: cookie ? { cookie } : {} }),
};

// [action, who, phase] → expected status. Owner rules: check in before the end only; edit any time;
// delete after the end only. Everyone else: 401 signed out, 403 signed in.
const matrix: [keyof typeof actions, Who, 'before' | 'after', number][] = [];
for (const action of Object.keys(actions) as (keyof typeof actions)[]) {
  for (const phase of ['before', 'after'] as const) {
    matrix.push([action, 'visitor', phase, 401], [action, 'other', phase, 403]);
  }
}

describe('owner actions: who may do what', () => {
  it.each(matrix)('%s by %s %s the end → %i, and nothing changes', async (action, who, phase, status) => {
    const before = await snapshot();
    const res = await actions[action](phase === 'before' ? running : ended, cookieOf(who));
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('lets the owner check in only before the end', async () => {
    expect((await actions.checkIn(running, owner.cookie)).statusCode).toBe(201);
    const before = await snapshot();
    const late = await actions.checkIn(ended, owner.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This project has ended, so it no longer takes check-ins.');
    expect(await snapshot()).toEqual(before);
  });

  it('lets the owner delete only after the end', async () => {
    const before = await snapshot();
    const early = await actions.remove(running, owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You can delete a project only after its end date has passed.');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table projects;--"]) {
      for (const action of Object.values(actions)) {
        expect((await action(encodeURIComponent(id), owner.cookie)).statusCode).toBe(404);
      }
    }
  });
});

describe('editing', () => {
  it('updates name, description and tag; an empty cover URL keeps the picture', async () => {
    await t.database.pool.query(
      `update projects set image_url = '/uploads/covers/' || $1 || '/cover.jpg' where id = $1`,
      [running],
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${running}`,
      headers: { cookie: owner.cookie },
      payload: {
        title: '  Write the novel  ',
        description: 'Chapter by chapter',
        tag: 'Writing',
        imageUrl: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      title: 'Write the novel',
      description: 'Chapter by chapter',
      imageUrl: `/uploads/covers/${running}/cover.jpg`,
    });
  });

  it('requires name, description and tag (as creation does), and takes no cover address', async () => {
    const send = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/projects/${running}`,
        headers: { cookie: owner.cookie },
        payload,
      });
    expect((await send({ title: '', description: 'x', tag: 'Art' })).json().error.message).toBe(
      'Please fill in all required fields.',
    );
    expect((await send({ title: 'x', description: 'x', tag: '' })).json().error.message).toBe(
      'Please fill in all required fields.',
    );
    const before = await dataFingerprint(t.database.pool);
    for (const description of ['', '   ', undefined]) {
      const res = await send({ title: 'x', description, tag: 'Art' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'Please fill in all required fields.',
        fields: { description: 'Please fill in all required fields.' },
      });
    }
    expect(await dataFingerprint(t.database.pool)).toEqual(before);
    const js = await send({ title: 'x', description: 'x', tag: 'Art', imageUrl: 'javascript:alert(1)' });
    expect(js.statusCode).toBe(400);
    expect(js.json().error.message).toBe(
      'Covers are pictures you upload or one of your check-in photos, not addresses.',
    );
  });
});

describe('favorites and My Projects', () => {
  it('stars and unstars a project for oneself, idempotently', async () => {
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${running}/favorite`,
        headers: { cookie: other.cookie },
      });
    expect((await put()).json()).toEqual({ projectId: running, favorite: true });
    expect((await put()).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/me/favorites',
      headers: { cookie: other.cookie },
    });
    expect(list.json()).toEqual({ projectIds: [running] });
    const ownerList = await t.app.inject({
      method: 'GET',
      url: '/api/me/favorites',
      headers: { cookie: owner.cookie },
    });
    expect(ownerList.json()).toEqual({ projectIds: [] });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${running}/favorite`,
      headers: { cookie: other.cookie },
    });
    expect(del.json()).toEqual({ projectId: running, favorite: false });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/me/favorites', headers: { cookie: other.cookie } })
      ).json(),
    ).toEqual({ projectIds: [] });
  });

  it('refuses favorites to visitors', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/projects/${running}/favorite` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/me/favorites' })).statusCode).toBe(401);
  });

  it('lists My Projects as active and completed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/projects',
      headers: { cookie: owner.cookie },
    });
    const body = res.json();
    expect(body.activeProjects.map((p: { id: string }) => p.id)).toEqual([running]);
    expect(body.completedProjects.map((p: { id: string }) => p.id)).toEqual([ended]);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/projects' })).statusCode).toBe(401);
  });

  it('deletes an ended project from every list, keeping its records', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${ended}/favorite`,
      headers: { cookie: other.cookie },
    });
    const res = await actions.remove(ended, owner.cookie);
    expect(res.statusCode).toBe(200);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/me/projects', headers: { cookie: owner.cookie } })
    ).json();
    expect(mine.completedProjects).toEqual([]);
    const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.username}` })).json();
    expect(profile.completedProjects).toEqual([]);
    const favs = (
      await t.app.inject({ method: 'GET', url: '/api/me/favorites', headers: { cookie: other.cookie } })
    ).json();
    expect(favs.projectIds).not.toContain(ended);
    const { rows } = await t.database.pool.query('select deleted_at from projects where id = $1', [ended]);
    expect(rows[0].deleted_at).not.toBeNull();
    expect((await actions.remove(ended, owner.cookie)).statusCode).toBe(404);
  });
});
