// "Download my data" (issue 24): a zip of exactly the signed-in user's records and photos, built by a job
// with its progress shown, announced by email, downloadable by its owner only, deleted after 7 days.
// Two users with the same kinds of records (projects, check-ins with a photo, a pause, donations to each
// other, payments, a refund and a payout each): the first one's export must hold all of theirs and none
// of the second one's. The zip is read back with yauzl and every CSV with csv-parse.
import fs from 'node:fs';
import path from 'node:path';
import type { DataExportResponse } from '@kept/contract';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { DAY, sentMail, walkClock } from './support/jobs.ts';
import { multipartBody } from './support/multipart.ts';
import { createPaidProject, donate, type PaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const START = new Date('2026-03-01T12:00:00Z');
const clock = manualClock(START);
let t: TestApp;

type Person = {
  who: SignedIn & { email: string };
  short: PaidProject;
  long: PaidProject;
  photoCheckInId: string;
  photoUrl: string;
  donationPaymentId: string;
};
let ann: Person;
let bob: Person;

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();

async function checkIn(who: SignedIn, projectId: string, text: string, withPhoto = false) {
  const body = multipartBody(
    { updateText: text },
    withPhoto
      ? { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await photo() }
      : undefined,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().checkIn as { id: string; photoUrl: string | null };
}

/** A user with a 2-day project (to be settled with a refund and a payout) and a 30-day one with a pause. */
async function person(name: string): Promise<Omit<Person, 'donationPaymentId'>> {
  const who = await createUser(t.app, { username: name });
  const short = await createPaidProject(t.app, {
    owner: who,
    draft: {
      title: `${name} short`,
      lengthValue: 2,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'days',
    },
  });
  const long = await createPaidProject(t.app, { owner: who, draft: { title: `${name} long` } });
  const paused = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${long.projectId}/pauses`,
    headers: { cookie: who.cookie },
    payload: { period: 2 },
  });
  expect(paused.statusCode, paused.body).toBe(200);
  const withPhoto = await checkIn(who, short.projectId, `${name}'s first day`, true);
  return { who, short, long, photoCheckInId: withPhoto.id, photoUrl: withPhoto.photoUrl! };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await person('ann_exports');
  const b = await person('bob_exports');
  // Each donates to the other's short project; Ann stars Bob's long one.
  const annGave = await donate(t.app, b.short.projectId, { amountCents: 1_000, donor: a.who });
  const bobGave = await donate(t.app, a.short.projectId, {
    amountCents: 2_500,
    donor: b.who,
    donorName: 'Bob B.',
    donorEmail: 'bob.private@example.com',
    donorAnonymous: false,
    message: '=HYPERLINK("http://evil.example","go")',
  });
  const star = await t.app.inject({
    method: 'PUT',
    url: `/api/projects/${b.long.projectId}/favorite`,
    headers: { cookie: a.who.cookie },
  });
  expect(star.statusCode, star.body).toBe(200);
  // Each turned notifications on in a browser.
  for (const [who, label] of [
    [a, 'Firefox on Linux'],
    [b, 'Safari on iPhone'],
  ] as const)
    await t.database.pool.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, device_label)
       values ($1, $2, 'p256dh-key', 'auth-secret', $3)`,
      [who.who.user.id, `https://push.example/${who.who.user.id}`, label],
    );
  ann = { ...a, donationPaymentId: annGave };
  bob = { ...b, donationPaymentId: bobGave };
  // The second day's check-in keeps both short projects whole: at their end the deposit goes back to
  // the card and the donation's share is paid out.
  await walkClock(t.app, clock, new Date(START.getTime() + DAY), 6 * 3_600_000);
  await checkIn(ann.who, ann.short.projectId, 'Day two');
  await checkIn(bob.who, bob.short.projectId, 'Day two');
  await walkClock(t.app, clock, new Date(START.getTime() + 3 * DAY), 6 * 3_600_000);
});
afterAll(async () => {
  await t.close();
});

const show = (who: SignedIn | null) =>
  t.app.inject({ url: '/api/me/data-export', headers: who ? { cookie: who.cookie } : {} });
const request = (who: SignedIn | null) =>
  t.app.inject({ method: 'POST', url: '/api/me/data-export', headers: who ? { cookie: who.cookie } : {} });
const download = (who: SignedIn | null, exportId: string) =>
  t.app.inject({
    url: `/api/me/data-exports/${exportId}/download`,
    headers: who ? { cookie: who.cookie } : {},
  });

/** Every entry of a zip: name → content. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const DATASETS = [
  'profile',
  'projects',
  'check-ins',
  'pauses',
  'donations-made',
  'donations-received',
  'payments',
  'refunds',
  'payouts',
  'favorites',
  'push-devices',
];

describe('requesting an export', () => {
  it('needs a session', async () => {
    expect((await show(null)).statusCode).toBe(401);
    const refused = await request(null);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
    const { rows } = await t.database.pool.query('select count(*)::int as n from data_exports');
    expect(rows[0].n).toBe(0);
  });

  it('shows nothing before the first request', async () => {
    const res = await show(ann.who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ export: null });
  });

  it('queues one export; asking again while it is on its way answers with the same one', async () => {
    const first = await request(ann.who);
    expect(first.statusCode, first.body).toBe(202);
    const body: DataExportResponse = first.json();
    expect(body.export).toMatchObject({
      state: 'queued',
      progress: { done: 0, total: DATASETS.length + 2 },
      downloadUrl: null,
      readyAt: null,
    });
    const again = await request(ann.who);
    expect(again.statusCode).toBe(200);
    expect(again.json().export.id).toBe(body.export!.id);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from data_exports where user_id = $1`,
      [ann.who.user.id],
    );
    expect(rows[0].n).toBe(1);
    // Bob's request is his own.
    expect((await request(bob.who)).statusCode).toBe(202);
  });
});

describe('the finished export', () => {
  let annExport: NonNullable<DataExportResponse['export']>;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    const summary = await t.app.jobs.drain();
    expect(summary.ran.build_data_export).toBe(2);
    annExport = (await show(ann.who)).json().export;
    const res = await download(ann.who, annExport.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    files = await unzip(res.rawPayload);
  });

  it('reaches done: ready, every step counted, with its size, a download link and 7 days to live', async () => {
    expect(annExport.state).toBe('ready');
    expect(annExport.progress.done).toBe(annExport.progress.total);
    expect(annExport.downloadUrl).toBe(`/api/me/data-exports/${annExport.id}/download`);
    expect(new Date(annExport.expiresAt!).getTime() - new Date(annExport.readyAt!).getTime()).toBe(7 * DAY);
    const onDisk = path.join(t.dataDir, 'exports', ann.who.user.id, `${annExport.id}.zip`);
    expect(fs.statSync(onDisk).size).toBe(annExport.sizeBytes);
  });

  it('is streamed as an attachment, privately', async () => {
    const res = await download(ann.who, annExport.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kept-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it('holds a README, JSON and CSV of every kind of record, and the check-in photo', () => {
    const names = [...files.keys()].sort();
    const expected = [
      'README.txt',
      ...DATASETS.flatMap((d) => [`${d}.json`, `${d}.csv`]),
      `photos/check-ins/${ann.photoCheckInId}.jpg`,
    ].sort();
    expect(names).toEqual(expected);
    const readme = files.get('README.txt')!.toString('utf8');
    for (const d of DATASETS) expect(readme).toContain(`${d}.json, ${d}.csv`);
    expect(readme).toContain('amount_cents');
    // The photo is the stored one, byte for byte.
    const stored = fs.readFileSync(path.join(t.dataDir, 'uploads', ann.photoUrl.replace(/^\/uploads\//, '')));
    expect(files.get(`photos/check-ins/${ann.photoCheckInId}.jpg`)!.equals(stored)).toBe(true);
  });

  it('has CSV files that parse, with the same columns and as many rows as their JSON', () => {
    for (const d of DATASETS) {
      const json = JSON.parse(files.get(`${d}.json`)!.toString('utf8')) as Record<string, unknown>[];
      const csv = parse(files.get(`${d}.csv`)!, { bom: true, columns: true }) as Record<string, string>[];
      expect(csv.length, d).toBe(json.length);
      if (json.length > 0) expect(Object.keys(csv[0]!), d).toEqual(Object.keys(json[0]!));
      for (const [i, row] of json.entries())
        for (const [key, value] of Object.entries(row)) {
          const cell = csv[i]![key];
          if (value === null) expect(cell, `${d}[${i}].${key}`).toBe('');
          else if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value))
            expect(cell, `${d}[${i}].${key}`).toBe(`'${value}`);
          else expect(cell, `${d}[${i}].${key}`).toBe(String(value));
        }
    }
  });

  it("holds exactly Ann's records", () => {
    const json = (d: string) =>
      JSON.parse(files.get(`${d}.json`)!.toString('utf8')) as Record<string, unknown>[];
    expect(json('profile')).toEqual([
      expect.objectContaining({ user_id: ann.who.user.id, username: 'ann_exports', email: ann.who.email }),
    ]);
    // Both made at the same moment: in any order.
    const projects = json('projects');
    expect(projects.map((p) => p.project_id).sort()).toEqual(
      [ann.short.projectId, ann.long.projectId].sort(),
    );
    expect(projects.find((p) => p.project_id === ann.short.projectId)).toMatchObject({
      deposit_cents: 5_000,
      deposit: '$50.00',
    });
    // The automatic first check-in of each project, the photo and day two.
    const checkIns = json('check-ins');
    expect(checkIns).toHaveLength(4);
    expect(checkIns.filter((c) => c.photo_file)).toEqual([
      expect.objectContaining({
        check_in_id: ann.photoCheckInId,
        photo_file: `photos/check-ins/${ann.photoCheckInId}.jpg`,
      }),
    ]);
    expect(json('pauses')).toEqual([
      {
        project_id: ann.long.projectId,
        project_title: 'ann_exports long',
        period: 2,
        check_in_date: '2026-03-15',
      },
    ]);
    expect(json('donations-made')).toEqual([
      expect.objectContaining({ project_id: bob.short.projectId, amount_cents: 1_000, amount: '$10.00' }),
    ]);
    const received = json('donations-received');
    expect(received).toEqual([
      expect.objectContaining({
        project_id: ann.short.projectId,
        amount_cents: 2_500,
        to_project_cents: 2_000,
        donor: 'Bob B.',
      }),
    ]);
    expect(json('payments').map((p) => [p.payment_id, p.kind, p.status, p.amount_cents])).toEqual(
      expect.arrayContaining([
        [ann.short.paymentId, 'deposit', 'succeeded', 5_290],
        [ann.long.paymentId, 'deposit', 'succeeded', 5_290],
        [ann.donationPaymentId, 'donation', 'succeeded', 1_000],
      ]),
    );
    expect(json('payments')).toHaveLength(3);
    // Both periods kept: the whole pool comes back — the deposit to the card, the donation's share paid out.
    expect(json('refunds')).toEqual([
      expect.objectContaining({ project_id: ann.short.projectId, amount_cents: 5_000, check_ins_kept: 2 }),
    ]);
    expect(json('payouts')).toEqual([
      expect.objectContaining({ project_id: ann.short.projectId, amount_cents: 2_000 }),
    ]);
    expect(json('favorites')).toEqual([
      expect.objectContaining({ project_id: bob.long.projectId, project_title: 'bob_exports long' }),
    ]);
    // The device, never its push address or keys.
    expect(json('push-devices')).toEqual([
      expect.objectContaining({ device: 'Firefox on Linux', last_delivered_at: null }),
    ]);
    expect(JSON.stringify(json('push-devices'))).not.toMatch(/push\.example|p256dh-key|auth-secret/);
  });

  it("never holds Bob's records: his account, email, check-ins, photos, payments or settlement", () => {
    const everything = [...files.entries()]
      .filter(([name]) => !name.startsWith('photos/'))
      .map(([, content]) => content.toString('utf8'))
      .join('\n');
    for (const secret of [
      bob.who.user.id,
      bob.who.email,
      'bob.private@example.com',
      'Safari on iPhone',
      bob.photoCheckInId,
      bob.photoUrl,
      bob.long.paymentId,
      bob.short.paymentId,
      bob.donationPaymentId,
      "bob_exports's first day",
    ])
      expect(everything, secret).not.toContain(secret);
    expect([...files.keys()].some((name) => name.includes(bob.photoCheckInId))).toBe(false);
  });

  it('is announced by email, with the way to Settings', async () => {
    const mail = (await sentMail(t)).filter((m) => m.subjectText === 'Your Kept data export is ready');
    expect(mail.map((m) => m.to).sort()).toEqual([ann.who.email, bob.who.email].sort());
    expect(mail.find((m) => m.to === ann.who.email)!.text).toContain(
      'http://localhost:3000/settings#your-data',
    );
  });

  it('is downloadable by its owner only: another user and an unknown id get a 404, a visitor a 401', async () => {
    const other = await download(bob.who, annExport.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    expect((await download(null, annExport.id)).statusCode).toBe(401);
    expect((await download(ann.who, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(ann.who, 'not-an-id')).statusCode).toBe(404);
    // Bob's own latest export is his, not Ann's.
    expect((await show(bob.who)).json().export.id).not.toBe(annExport.id);
  });

  it('a new request once it is ready starts a new export', async () => {
    const res = await request(ann.who);
    expect(res.statusCode).toBe(202);
    expect(res.json().export.id).not.toBe(annExport.id);
    await t.app.jobs.drain();
    expect((await show(ann.who)).json().export.state).toBe('ready');
  });

  it('is deleted 7 days after it was ready: the file is removed and the row marked expired', async () => {
    const onDisk = path.join(t.dataDir, 'exports', ann.who.user.id, `${annExport.id}.zip`);
    const expiresAt = new Date(annExport.expiresAt!);
    clock.set(new Date(expiresAt.getTime() - 60_000));
    await t.app.jobs.runDue();
    expect(fs.existsSync(onDisk)).toBe(true);
    expect((await download(ann.who, annExport.id)).statusCode).toBe(200);
    clock.set(expiresAt);
    await t.app.jobs.runDue();
    expect(fs.existsSync(onDisk)).toBe(false);
    const { rows } = await t.database.pool.query(`select state from data_exports where id = $1`, [
      annExport.id,
    ]);
    expect(rows[0].state).toBe('expired');
    expect((await download(ann.who, annExport.id)).statusCode).toBe(404);
  });
});

describe('a build that fails', () => {
  it('is marked failed, leaves no file behind, and a new request may start again', async () => {
    const cat = await createUser(t.app, { username: 'cat_exports' });
    const { projectId } = await createPaidProject(t.app, { owner: cat, draft: { title: 'cat_exports art' } });
    const broken = await checkIn(cat, projectId, 'A photo that will not read', true);
    // The stored photo turns unreadable (a folder where the file was): reading it fails mid-build.
    const stored = path.join(t.dataDir, 'uploads', broken.photoUrl!.replace(/^\/uploads\//, ''));
    fs.rmSync(stored);
    fs.mkdirSync(stored);

    expect((await request(cat)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const failed: DataExportResponse = (await show(cat)).json();
    expect(failed.export).toMatchObject({
      state: 'failed',
      downloadUrl: null,
      readyAt: null,
      sizeBytes: null,
    });
    expect(failed.export!.progress.done).toBeLessThan(failed.export!.progress.total);
    const folder = path.join(t.dataDir, 'exports', cat.user.id);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    expect((await download(cat, failed.export!.id)).statusCode).toBe(404);

    const again = await request(cat);
    expect(again.statusCode).toBe(202);
    expect(again.json().export.id).not.toBe(failed.export!.id);
  });
});
