// Fixing a check-in: its owner may edit its text or link, or delete it, in the 15 minutes after posting
// it, checked on the server against the injected clock; then it is permanent. The automatic first
// check-in is never changed. A deletion counts: the period is open again, and missed once it closes.
import { CHECK_IN_MESSAGES, HISTORY_MESSAGES } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  other = await createUser(t.app, { timezone: 'UTC' });
  ({ projectId } = await createPaidProject(t.app, {
    owner,
    draft: { title: 'Daily', lengthValue: 10, lengthUnit: 'days', frequencyValue: 1, frequencyUnit: 'days' },
  }));
});
afterAll(async () => {
  await t.close();
});

async function post(text: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: { cookie: owner.cookie },
    payload: { updateText: text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().checkIn.id;
}

const patch = (id: string, payload: object, who: SignedIn | null = owner) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${projectId}/check-ins/${id}`,
    headers: who ? { cookie: who.cookie } : {},
    payload,
  });
const remove = (id: string, who: SignedIn | null = owner) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/projects/${projectId}/check-ins/${id}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const detail = async () => (await t.app.inject({ url: `/api/projects/${projectId}` })).json();

describe('fixing a check-in', () => {
  it('never changes the automatic first check-in', async () => {
    const first = (await detail()).checkIns[0].id;
    const res = await remove(first);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('check_in_locked');
    expect((await detail()).checkIns).toHaveLength(1);
  });

  it('edits the text and link in the first 15 minutes, by the owner only', async () => {
    clock.set(new Date('2026-03-02T12:00:00Z'));
    const id = await post('Sketched a cat');
    clock.set(new Date('2026-03-02T12:14:59Z'));
    expect((await patch(id, { updateText: 'x' }, null)).statusCode).toBe(401);
    expect((await patch(id, { updateText: 'x' }, other)).statusCode).toBe(403);
    const empty = await patch(id, { updateText: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(CHECK_IN_MESSAGES.empty);
    const bad = await patch(id, { videoUrl: 'https://example.com/not-youtube' });
    expect(bad.statusCode).toBe(400);
    const res = await patch(id, {
      updateText: '  Sketched a cat, then a dog  ',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkIn).toMatchObject({
      updateText: 'Sketched a cat, then a dog',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoType: 'youtube',
    });
    const shown = (await detail()).checkIns.find((c: { id: string }) => c.id === id);
    expect(shown.updateText).toBe('Sketched a cat, then a dog');
  });

  it('refuses once 15 minutes have passed: the check-in is permanent', async () => {
    clock.set(new Date('2026-03-02T12:15:00Z'));
    const id = (await detail()).checkIns[1].id;
    for (const res of [await patch(id, { updateText: 'Too late' }), await remove(id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'check_in_locked',
        message: HISTORY_MESSAGES.editWindowClosed,
      });
    }
    expect((await detail()).checkIns[1].updateText).toBe('Sketched a cat, then a dog');
  });

  it('deletes in the window, and the period counts as missed once it closes', async () => {
    clock.set(new Date('2026-03-03T09:00:00Z'));
    const id = await post('Quick doodle');
    expect((await detail()).project.summary.nextCheckIn?.date).toBe('2026-03-04');
    clock.set(new Date('2026-03-03T09:10:00Z'));
    expect((await remove(id, other)).statusCode).toBe(403);
    const res = await remove(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary.nextCheckIn.date).toBe('2026-03-03');
    expect((await detail()).checkIns.map((c: { id: string }) => c.id)).not.toContain(id);
    expect((await remove(id)).statusCode).toBe(404);
    clock.set(new Date('2026-03-04T09:00:00Z'));
    const after = await detail();
    expect(after.project.summary.missedCheckIns).toBe(1);
    const { rows } = await t.database.pool.query('select missed_checkins from projects where id = $1', [
      projectId,
    ]);
    expect(rows[0].missed_checkins).toBe(0); // the stored counter is right until 03-03 closes…
    await t.app.jobs.runDue();
    const again = await t.database.pool.query('select missed_checkins from projects where id = $1', [
      projectId,
    ]);
    expect(again.rows[0].missed_checkins).toBe(1); // …and follows when it does.
  });
});
