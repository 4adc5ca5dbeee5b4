// Fixing a check-in: its owner may edit its text or link, replace its photo, or delete it, in the 15
// minutes after posting it, checked on the server against the injected clock; then it is permanent.
// The automatic first check-in is never changed. A deletion counts: the period is open again, and missed once it closes.
import fs from 'node:fs';
import path from 'node:path';
import { CHECK_IN_MESSAGES, HISTORY_MESSAGES } from '@kept/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { multipartBody } from './support/multipart.ts';
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

describe('replacing a check-in’s photo', () => {
  const jpeg = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const photoFile = async (colour = { r: 200, g: 30, b: 30 }) => ({
    field: 'photo',
    filename: 'shot.jpg',
    contentType: 'image/jpeg',
    data: await jpeg(colour),
  });
  const uploaded = () => {
    const dir = path.join(t.dataDir, 'uploads', 'checkins', projectId);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  };
  const postWithPhoto = async () => {
    const body = multipartBody({ updateText: 'A first try' }, await photoFile());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().checkIn as { id: string; photoUrl: string; photoThumbUrl: string };
  };
  const patchPhoto = async (
    id: string,
    who: SignedIn | null,
    fields: Record<string, string> = {},
    file?: object,
  ) => {
    const body = multipartBody(fields, (file ?? (await photoFile({ r: 20, g: 90, b: 200 }))) as never);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}/check-ins/${id}`,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...body.headers },
      payload: body.payload,
    });
  };

  it('replaces the photo in the window, by the owner only, and removes the old files', async () => {
    clock.set(new Date('2026-03-06T08:00:00Z'));
    const first = await postWithPhoto();
    const before = uploaded();
    expect(before).toHaveLength(2); // the photo and its thumbnail

    clock.set(new Date('2026-03-06T08:05:00Z'));
    expect((await patchPhoto(first.id, null)).statusCode).toBe(401);
    expect((await patchPhoto(first.id, other)).statusCode).toBe(403);
    expect(uploaded(), 'refused requests store nothing').toEqual(before);

    const res = await patchPhoto(first.id, owner, { updateText: 'A better shot' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json().checkIn;
    expect(changed.updateText).toBe('A better shot');
    expect(changed.photoUrl).not.toBe(first.photoUrl);
    expect(changed.photoThumbUrl).not.toBe(first.photoThumbUrl);
    const after = uploaded();
    expect(after).toHaveLength(2);
    expect(
      after.some((f) => before.includes(f)),
      'the old files are gone',
    ).toBe(false);
    const served = await t.app.inject({ url: changed.photoUrl });
    expect(served.statusCode).toBe(200);
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r); // the new, blue picture
  });

  it('refuses after the window, and a file that is not a picture, storing nothing', async () => {
    clock.set(new Date('2026-03-07T08:00:00Z'));
    const fresh = await postWithPhoto();
    const before = uploaded();
    const notAPicture = await patchPhoto(
      fresh.id,
      owner,
      {},
      {
        field: 'photo',
        filename: 'notes.jpg',
        contentType: 'image/jpeg',
        data: Buffer.from('just some text, not a picture'),
      },
    );
    expect(notAPicture.statusCode).toBe(415);
    expect(notAPicture.json().error.message).toBe(CHECK_IN_MESSAGES.uploadInvalidType);
    clock.set(new Date('2026-03-07T08:15:01Z'));
    const late = await patchPhoto(fresh.id, owner);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('check_in_locked');
    expect(uploaded()).toEqual(before);
    const shown = (await detail()).checkIns.find((c: { id: string }) => c.id === fresh.id);
    expect(shown.photoUrl).toBe(fresh.photoUrl);
  });
});
