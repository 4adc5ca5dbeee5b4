import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNewDate } from '../src/modules/checkins/add-check-in.ts';
import { refreshProjectCounters } from './support/counters.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { multipartBody } from './support/multipart.ts';
import { insertProjectRow } from './support/project-rows.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-10T15:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'America/New_York' });
  projectId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T12:00:00Z',
    lengthDays: 30,
  });
});
afterAll(async () => {
  await t.close();
});

const post = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/check-ins`,
    headers: cookie ? { cookie } : {},
    payload,
  });

const postPhoto = (
  id: string,
  fields: Record<string, string>,
  file: { filename: string; contentType: string; data: Buffer },
) => {
  const body = multipartBody(fields, { field: 'photo', ...file });
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/check-ins`,
    headers: { ...body.headers, cookie: owner.cookie },
    payload: body.payload,
  });
};

const count = async (sql: string, params: unknown[] = []) =>
  (await t.database.pool.query(sql, params)).rows[0].n as number;
const checkInCount = () =>
  count('select count(*)::int as n from project_checkins where project_id = $1', [projectId]);
const uploadedFiles = () => {
  const dir = path.join(t.dataDir, 'uploads', 'checkins', projectId);
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).sort() : [];
};

const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'KeptCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toBuffer();

describe('the dates a check-in reads with its insert', () => {
  const row = (day: string | null, at: string) => ({
    checkInProjectDate: day,
    createdAt: new Date(at),
  });
  const inserted = (day: string, at: string, earlier: [string | null, string][]) =>
    ({ checkInProjectDate: day, createdAt: new Date(at), earlierDates: earlier }) as Parameters<
      typeof withNewDate
    >[0];

  it('adds a new day, keeps an existing one at its first time, and leaves undated rows alone', () => {
    const earlier: [string | null, string][] = [
      ['2026-03-01', '2026-03-01T12:00:00.123456+00:00'],
      [null, '2026-02-27T09:00:00+00:00'],
    ];
    expect(withNewDate(inserted('2026-03-02', '2026-03-02T08:00:00Z', earlier))).toEqual([
      row('2026-03-01', '2026-03-01T12:00:00.123Z'),
      row(null, '2026-02-27T09:00:00Z'),
      row('2026-03-02', '2026-03-02T08:00:00Z'),
    ]);
    expect(withNewDate(inserted('2026-03-01', '2026-03-01T18:00:00Z', earlier))).toEqual([
      row('2026-03-01', '2026-03-01T12:00:00.123Z'),
      row(null, '2026-02-27T09:00:00Z'),
    ]);
    // A clock set back: the new row is that day's first.
    expect(withNewDate(inserted('2026-03-01', '2026-03-01T06:00:00Z', earlier))[0]).toEqual(
      row('2026-03-01', '2026-03-01T06:00:00Z'),
    );
    expect(withNewDate(inserted('2026-03-01', '2026-03-01T06:00:00Z', []))).toEqual([
      row('2026-03-01', '2026-03-01T06:00:00Z'),
    ]);
  });

  it('moves the counters as a full recount from the stored rows would, across days and repeats', async () => {
    const id = await insertProjectRow(t.database.pool, {
      userId: owner.user.id,
      createdAt: '2026-03-01T12:00:00Z',
      lengthDays: 30,
      frequencyDays: 2,
    });
    const stored = async () =>
      (
        await t.database.pool.query(
          `select completed_checkins, missed_checkins, next_checkin_date, counters_valid_until
             from projects where id = $1`,
          [id],
        )
      ).rows[0];
    const before = clock.now();
    try {
      for (const at of ['2026-03-04T15:00:00Z', '2026-03-04T23:00:00Z', '2026-03-09T15:00:00Z']) {
        clock.set(new Date(at));
        const res = await post(id, owner.cookie, { updateText: `At ${at}` });
        expect(res.statusCode, res.body).toBe(201);
        const written = await stored();
        await refreshProjectCounters(t.database.db, id, clock.now());
        expect(await stored()).toEqual(written);
      }
      // Both kinds of period were crossed: some kept, some missed.
      const end = await stored();
      expect(end.completed_checkins).toBeGreaterThan(0);
      expect(end.missed_checkins).toBeGreaterThan(0);
    } finally {
      clock.set(before);
    }
  });
});

describe('check-ins', () => {
  it('records a text check-in by the owner with its dates and timezone', async () => {
    const res = await post(projectId, owner.cookie, { updateText: '  Wrote 1,000 words today  ' });
    expect(res.statusCode).toBe(201);
    const { checkIn, summary } = res.json();
    expect(checkIn).toMatchObject({
      updateText: 'Wrote 1,000 words today',
      photoUrl: null,
      videoUrl: null,
      checkInTimezone: 'America/New_York',
      checkInLocalDate: '2026-03-10',
      checkInProjectDate: '2026-03-10',
    });
    expect(summary.status).toBe('active');
    const { rows } = await t.database.pool.query('select next_checkin_date from projects where id = $1', [
      projectId,
    ]);
    expect(rows[0].next_checkin_date).toBe(summary.nextCheckIn.date);
  });

  it('keeps a YouTube link in its canonical form, whatever form was given', async () => {
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const res = await post(projectId, owner.cookie, { videoUrl: url });
      expect(res.statusCode, url).toBe(201);
      expect(res.json().checkIn).toMatchObject({
        videoType: 'youtube',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      });
    }
  });

  it('refuses an empty check-in and a video that is not YouTube, writing nothing', async () => {
    const before = await checkInCount();
    const empty = await post(projectId, owner.cookie, { updateText: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please provide an update, photo, or video');
    const vimeo = await post(projectId, owner.cookie, { videoUrl: 'https://vimeo.com/123' });
    expect(vimeo.statusCode).toBe(400);
    expect(vimeo.json().error.message).toBe('Please enter a valid YouTube link');
    expect(await checkInCount()).toBe(before);
  });

  it('checks a body of any other type too: text, or none at all', async () => {
    const before = await checkInCount();
    for (const [headers, payload] of [
      [{ 'content-type': 'text/plain' }, 'Wrote a page'],
      [{}, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/check-ins`,
        headers: { ...headers, cookie: owner.cookie },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        message: 'Please provide an update, photo, or video',
      });
    }
    expect(await checkInCount()).toBe(before);
  });

  it('stores a photo re-encoded without EXIF or GPS, plus a real thumbnail', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await postPhoto(
      projectId,
      { updateText: 'Progress shot' },
      { filename: 'me.jpg', contentType: 'image/jpeg', data: original },
    );
    expect(res.statusCode).toBe(201);
    const { checkIn } = res.json();
    expect(checkIn.photoUrl).toMatch(
      new RegExp(`^/uploads/checkins/${projectId}/checkin_${projectId}_\\d+\\.jpg$`),
    );
    expect(checkIn.photoThumbUrl).toBe(checkIn.photoUrl.replace(/\/(checkin_[^/]+)$/, '/thumbs/$1.webp'));
    const served = await t.app.inject({ method: 'GET', url: checkIn.photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(64);
    const thumb = await t.app.inject({ method: 'GET', url: checkIn.photoThumbUrl });
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('judges a file by its content: a PNG named .jpg is accepted as PNG, HTML named .png is refused', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const ok = await postPhoto(
      projectId,
      {},
      { filename: 'holiday.jpg', contentType: 'image/jpeg', data: png },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().checkIn.photoUrl).toMatch(/\.png$/);

    const before = await checkInCount();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const bad = await postPhoto(
      projectId,
      {},
      { filename: 'cute.png', contentType: 'image/png', data: html },
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toBe('Invalid file type. Please upload a valid image file.');
    expect(await checkInCount()).toBe(before);
  });

  it('refuses a photo of 10 MB + 1 byte', async () => {
    const before = await checkInCount();
    const files = uploadedFiles().length;
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const res = await postPhoto(
      projectId,
      { updateText: 'big' },
      { filename: 'big.jpg', contentType: 'image/jpeg', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File size too large. Maximum size is 10MB.');
    expect(await checkInCount()).toBe(before);
    expect(uploadedFiles().length).toBe(files);
  });

  it('sets the cover picture when asked', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e76f51' } })
      .png()
      .toBuffer();
    const res = await postPhoto(
      projectId,
      { isCoverPhoto: 'true' },
      { filename: 'cover.png', contentType: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(201);
    const { rows } = await t.database.pool.query('select image_url from projects where id = $1', [projectId]);
    expect(rows[0].image_url).toBe(res.json().checkIn.photoUrl);
  });

  it('removes the stored photo again when the check-in cannot be saved', async () => {
    await t.database.pool.query(
      `create function fail_checkin() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
    );
    await t.database.pool.query(
      `create trigger fail_checkin before insert on project_checkins for each row execute function fail_checkin()`,
    );
    try {
      const files = uploadedFiles();
      const before = await checkInCount();
      const res = await postPhoto(
        projectId,
        {},
        { filename: 'x.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
      );
      expect(res.statusCode).toBe(500);
      expect(await checkInCount()).toBe(before);
      expect(uploadedFiles()).toEqual(files);
    } finally {
      await t.database.pool.query(
        'drop trigger fail_checkin on project_checkins; drop function fail_checkin()',
      );
    }
  });
});
