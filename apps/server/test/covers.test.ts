// Covers come from Kept: an owner uploads a picture (re-encoded, stored and served by Kept), picks one
// of the project's check-in photos, or goes back to the tag's default. No address elsewhere is ever
// taken, so no visitor's browser, and no link preview, fetches a cover from a third party.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CHECK_IN_MESSAGES, TAGS } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { multipartBody } from './support/multipart.ts';
import { createPaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const MIGRATION = path.resolve(import.meta.dirname, '../drizzle/0014_covers_kept_only.sql');
const INDEX = '<!doctype html><html lang="en"><head><title>Kept</title></head><body></body></html>';
const MUSIC_DEFAULT = TAGS.find((tag) => tag.name === 'Music')!.defaultImage;

let t: TestApp;
let dist: string;
let owner: SignedIn;
let other: SignedIn;
let projectId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist });
  owner = await createUser(t.app);
  other = await createUser(t.app);
  ({ projectId } = await createPaidProject(t.app, { owner, draft: { title: 'Cover me', tag: 'Music' } }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const coverOf = async (id: string) =>
  (await q<{ image_url: string | null }>('select image_url from projects where id = $1', [id]))[0]!.image_url;

const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#e76f51' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'KeptCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toBuffer();

const upload = (id: string, who: SignedIn | null, data: Buffer, contentType = 'image/jpeg') => {
  const body = multipartBody({}, { field: 'photo', filename: 'cover.jpg', contentType, data });
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/cover`,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: body.payload,
  });
};
const choose = (id: string, who: SignedIn, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/projects/${id}/cover`,
    headers: { cookie: who.cookie },
    payload: payload as Record<string, unknown>,
  });
const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/project/${id}` })).body;
const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)" \/>/.exec(html)?.[1];

describe('uploading a cover', () => {
  it('re-encodes the picture without EXIF or GPS, stores it and serves it from Kept', async () => {
    const original = await jpegWithGps();
    const res = await upload(projectId, owner, original);
    expect(res.statusCode).toBe(200);
    const { project } = res.json();
    expect(project.imageUrl).toMatch(new RegExp(`^/uploads/covers/${projectId}/[0-9a-f-]{36}\\.jpg$`));
    expect(await coverOf(projectId)).toBe(project.imageUrl);

    const served = await t.app.inject({ method: 'GET', url: project.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(64);

    // The detail and the link preview show that picture, from this site.
    const detail = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` });
    expect(detail.json().project.imageUrl).toBe(project.imageUrl);
    expect(ogImage(await page(projectId))).toBe(`http://localhost:3000${project.imageUrl}`);
  });

  it('refuses what is not a picture, and a request without one, changing nothing', async () => {
    const before = await coverOf(projectId);
    const text = await upload(
      projectId,
      owner,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'image/svg+xml',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(CHECK_IN_MESSAGES.uploadInvalidType);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/cover`,
      headers: { cookie: owner.cookie },
      payload: { imageUrl: 'https://tracker.example/pixel.gif' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'validation_error' });
    expect(await coverOf(projectId)).toBe(before);
  });

  it('is for the owner only', async () => {
    const before = await coverOf(projectId);
    const picture = await jpegWithGps();
    expect((await upload(projectId, null, picture)).statusCode).toBe(401);
    expect((await upload(projectId, other, picture)).statusCode).toBe(403);
    expect((await choose(projectId, other, { source: 'tag' })).statusCode).toBe(403);
    expect(await coverOf(projectId)).toBe(before);
  });
});

describe('choosing a cover', () => {
  it("takes one of the project's check-in photos, and goes back to the tag's picture", async () => {
    const body = multipartBody(
      { updateText: 'Progress' },
      { field: 'photo', filename: 'p.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(posted.statusCode).toBe(201);
    const { checkIn } = posted.json();

    const chosen = await choose(projectId, owner, { source: 'check-in', checkInId: checkIn.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().project.imageUrl).toBe(checkIn.photoUrl);
    expect(await coverOf(projectId)).toBe(checkIn.photoUrl);

    const tag = await choose(projectId, owner, { source: 'tag' });
    expect(tag.statusCode).toBe(200);
    expect(tag.json().project.imageUrl).toBe(MUSIC_DEFAULT);
    expect(await coverOf(projectId)).toBeNull();
    // Social sites do not show the SVG tag pictures: the preview uses the site's share picture.
    expect(ogImage(await page(projectId))).toBe('http://localhost:3000/images/share.png');
  });

  it("refuses another project's photo, a check-in without one, and any address", async () => {
    const mine = await createPaidProject(t.app, { owner, draft: { title: 'Other of mine' } });
    const [automatic] = await q<{ id: string }>('select id from project_checkins where project_id = $1', [
      mine.projectId,
    ]);
    const [foreign] = await q<{ id: string }>(
      'select id from project_checkins where project_id = $1 and photo_url is not null',
      [projectId],
    );
    const before = await coverOf(mine.projectId);
    for (const payload of [
      { source: 'check-in', checkInId: foreign!.id },
      { source: 'check-in', checkInId: automatic!.id },
      { source: 'check-in', checkInId: 'not-an-id' },
      { source: 'url', url: 'https://tracker.example/pixel.gif' },
      { imageUrl: 'https://tracker.example/pixel.gif' },
    ]) {
      const res = await choose(mine.projectId, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const wrong = await choose(mine.projectId, owner, { source: 'check-in', checkInId: foreign!.id });
    expect(wrong.json().error.message).toBe("Choose one of this project's check-in photos.");
    expect(await coverOf(mine.projectId)).toBe(before);
  });

  it('is never set from an address by the edit', async () => {
    const before = await coverOf(projectId);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Cover me',
        description: 'Words',
        tag: 'Music',
        imageUrl: 'https://tracker.example/p.gif',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Covers are pictures you upload or one of your check-in photos, not addresses.',
    );
    expect(await coverOf(projectId)).toBe(before);
    // An empty field, as older forms sent it, keeps the cover.
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'Cover me', description: 'Words', tag: 'Music', imageUrl: '' },
    });
    expect(kept.statusCode).toBe(200);
    expect(await coverOf(projectId)).toBe(before);
  });
});

describe('migration 0014', () => {
  it("turns covers from other sites into the tag's picture and keeps Kept's own", async () => {
    const remote = await createPaidProject(t.app, { owner, draft: { title: 'Remote cover', tag: 'Music' } });
    const local = await createPaidProject(t.app, { owner, draft: { title: 'Local cover' } });
    const bucket = await createPaidProject(t.app, { owner, draft: { title: 'Bucket cover' } });
    const [checkIn] = await q<{ id: string }>('select id from project_checkins where project_id = $1', [
      bucket.projectId,
    ]);
    // A check-in photo stored in an S3 bucket (an https address of Kept's own storage).
    const bucketUrl = `https://kept-photos.s3.eu-west-1.amazonaws.com/checkins/${bucket.projectId}/a.jpg`;
    await q('update project_checkins set photo_url = $2 where id = $1', [checkIn!.id, bucketUrl]);
    const set = (id: string, url: string) => q('update projects set image_url = $2 where id = $1', [id, url]);
    await set(remote.projectId, 'https://tracker.example/pixel.gif?viewer=1');
    await set(local.projectId, `/uploads/covers/${local.projectId}/x.jpg`);
    await set(bucket.projectId, bucketUrl);
    expect(ogImage(await page(remote.projectId))).toBe('https://tracker.example/pixel.gif?viewer=1');

    await t.database.pool.query(fs.readFileSync(MIGRATION, 'utf8'));

    expect(await coverOf(remote.projectId)).toBeNull();
    expect(await coverOf(local.projectId)).toBe(`/uploads/covers/${local.projectId}/x.jpg`);
    expect(await coverOf(bucket.projectId)).toBe(bucketUrl);
    const detail = await t.app.inject({ method: 'GET', url: `/api/projects/${remote.projectId}` });
    expect(detail.json().project.imageUrl).toBe(MUSIC_DEFAULT);
    expect(ogImage(await page(remote.projectId))).toBe('http://localhost:3000/images/share.png');
  });
});
