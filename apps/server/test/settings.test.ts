import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser, uniqueName } from './support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: cookie ? { cookie } : {}, payload });

describe('settings', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/settings' })).statusCode).toBe(401);
    const res = await put('/api/me/username', undefined, { username: 'someone_new' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect((await put('/api/me/timezone', undefined, { timezone: 'UTC' })).statusCode).toBe(401);
  });

  it('reads and changes the username, trimmed', async () => {
    const u = await createUser(t.app, { timezone: 'Europe/London' });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/me/settings',
      headers: { cookie: u.cookie },
    });
    expect(settings.json()).toEqual({ username: u.user.username, timezone: 'Europe/London' });
    const next = uniqueName('Renamed');
    const res = await put('/api/me/username', u.cookie, { username: `  ${next} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: next, timezone: 'Europe/London' });
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: u.cookie } });
    expect(me.json().user.username).toBe(next);
  });

  it("refuses another user's username and invalid names, changing nothing", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const taken = await put('/api/me/username', b.cookie, { username: a.user.username!.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Username is already taken. Please choose a different username.');
    const invalid = await put('/api/me/username', b.cookie, { username: 'no spaces' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
    const empty = await put('/api/me/username', b.cookie, { username: '   ' });
    expect(empty.json().error.message).toBe('Username is required');
    const { rows } = await t.database.pool.query('select username from users where id = $1', [b.user.id]);
    expect(rows[0].username).toBe(b.user.username);
  });

  it('changes the timezone to one of the listed zones only', async () => {
    const u = await createUser(t.app);
    const ok = await put('/api/me/timezone', u.cookie, { timezone: 'Asia/Kolkata' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().timezone).toBe('Asia/Kolkata');
    const bad = await put('/api/me/timezone', u.cookie, { timezone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    const { rows } = await t.database.pool.query('select timezone from users where id = $1', [u.user.id]);
    expect(rows[0].timezone).toBe('Asia/Kolkata');
  });

  it("stores a listed zone's alias as the listed zone, from settings and from sign-up", async () => {
    const u = await createUser(t.app, { timezone: 'Asia/Calcutta' });
    expect(u.user.timezone).toBe('Asia/Kolkata');
    const res = await put('/api/me/timezone', u.cookie, { timezone: 'US/Pacific' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timezone).toBe('America/Los_Angeles');
    const { rows } = await t.database.pool.query('select timezone from users where id = $1', [u.user.id]);
    expect(rows[0].timezone).toBe('America/Los_Angeles');
  });
});
