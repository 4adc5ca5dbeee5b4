// Issue 24: changing the address (a single-use link to the new address, an undo link to the old one)
// and deleting the account (refused while a project is running or waiting for settlement; then every
// session ends, the personal data is erased, the money records stay and balance, and the deletion is
// recorded without saying whose). On the injected clock.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { HOUR, sentMail, walkClock, type SentMail } from './support/jobs.ts';
import { multipartBody } from './support/multipart.ts';
import { createPaidProject, donate, projectDraft, startDeposit } from './support/projects.ts';
import { makeWebDist } from './support/security.ts';
import { cookieFrom, createUser, signIn, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const web = makeWebDist();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, webDistDir: web.dir });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const whoIs = async (cookie: string) =>
  (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user as {
    id: string;
    email: string;
    emailVerified: boolean;
  } | null;
const post = (url: string, cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

const requestChange = (
  who: SignedIn & { password: string },
  newEmail: string,
  currentPassword = who.password,
) => post('/api/me/email', who.cookie, { newEmail, currentPassword });
const confirm = (token: string) => post('/api/auth/email-change/confirm', undefined, { token });
const undo = (token: string) => post('/api/auth/email-change/undo', undefined, { token });

function linkToken(mail: SentMail, page: string): string {
  const m = new RegExp(`/${page}\\?token=([^\\s&"<>]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}
const mailsTo = async (address: string) => (await sentMail(t)).filter((m) => m.to === address);

describe('change email', () => {
  it('asks for the current password, refuses the same or a taken address, and a visitor; nothing is sent', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const before = (await sentMail(t)).length;

    const wrong = await requestChange(me, 'fresh@example.com', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_error',
      fields: { currentPassword: 'Your current password is not right. Please try again.' },
    });
    const same = await requestChange(me, me.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ newEmail: 'That is already your email address.' });
    const taken = await requestChange(me, ` ${other.email.toUpperCase()} `);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'conflict',
      message: 'That email address is already used by another Kept account. Please choose another one.',
    });
    // The refusal names nothing about the other account (no username, no id).
    expect(taken.body).not.toContain(other.user.username!);
    const invalid = await requestChange(me, 'not an address');
    expect(invalid.json().error.fields).toEqual({ newEmail: 'Please enter a valid email address' });
    const visitor = await post('/api/me/email', undefined, {
      newEmail: 'x@example.com',
      currentPassword: 'x',
    });
    expect(visitor.statusCode).toBe(401);

    expect((await sentMail(t)).slice(before)).toEqual([]);
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
  });

  it('changes the address only with the link sent to the new one, once; the old address gets an undo link', async () => {
    const me = await createUser(t.app);
    const laptop = cookieFrom((await signIn(t.app, me.email, me.password)).headers['set-cookie']);
    const newEmail = `new-${me.user.username!.toLowerCase()}@example.org`;

    const res = await requestChange(me, newEmail.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `We sent a link to ${newEmail}. Your address changes when you open it, within 24 hours.`,
    );
    // Nothing changes until the link is opened; the old address hears nothing yet.
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
    expect(await mailsTo(me.email)).toEqual([]);
    const [toNew] = await mailsTo(newEmail);
    expect(toNew!.subjectText).toBe('Confirm your new email address for Kept');
    const token = linkToken(toNew!, 'confirm-email-change');
    // The token is stored only as its hash.
    expect(
      await q(`select 1 from verifications where identifier like $1 or value like $1`, [`%${token}%`]),
    ).toEqual([]);

    expect((await confirm(token)).statusCode).toBe(200);
    expect(await whoIs(me.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await whoIs(laptop)).toMatchObject({ email: newEmail });
    expect((await signIn(t.app, newEmail, me.password)).statusCode).toBe(200);
    expect((await signIn(t.app, me.email, me.password)).statusCode).toBe(401);

    // Single use: the same link again is refused and changes nothing.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invalid_verification_link',
      message: 'This link has expired or has already been used. You can ask for a new one in Settings.',
    });

    const [toOld] = await mailsTo(me.email);
    expect(toOld!.subjectText).toBe('The email address of your Kept account was changed');
    expect(toOld!.text).toContain(newEmail);
    const undoToken = linkToken(toOld!, 'undo-email-change');

    // Undo: the old address is back, every session ends, and the undo link works once.
    const undone = await undo(undoToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(String(undone.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(laptop)).toBeNull();
    expect((await signIn(t.app, me.email, me.password)).statusCode).toBe(200);
    expect((await signIn(t.app, newEmail, me.password)).statusCode).toBe(401);
    expect((await undo(undoToken)).statusCode).toBe(400);
    // The change link used before cannot redo the change after the undo.
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await q(`select email from users where id = $1`, [me.user.id]))[0]).toEqual({ email: me.email });
  });

  it('expires the links by the server clock: 24 hours for the new address, 7 days for the undo', async () => {
    const me = await createUser(t.app);
    const late = `late-${me.user.username!.toLowerCase()}@example.org`;
    expect((await requestChange(me, late)).statusCode).toBe(200);
    const stale = linkToken((await mailsTo(late))[0]!, 'confirm-email-change');
    clock.advance(24 * HOUR + 1);
    expect((await confirm(stale)).statusCode).toBe(400);
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });

    // A new request ends the link of the one before.
    const first = `first-${me.user.username!.toLowerCase()}@example.org`;
    const second = `second-${me.user.username!.toLowerCase()}@example.org`;
    expect((await requestChange(me, first)).statusCode).toBe(200);
    expect((await requestChange(me, second)).statusCode).toBe(200);
    expect((await confirm(linkToken((await mailsTo(first))[0]!, 'confirm-email-change'))).statusCode).toBe(
      400,
    );
    expect((await confirm(linkToken((await mailsTo(second))[0]!, 'confirm-email-change'))).statusCode).toBe(
      200,
    );

    const undoToken = linkToken((await mailsTo(me.email)).at(-1)!, 'undo-email-change');
    clock.advance(7 * 24 * HOUR + 1);
    expect((await undo(undoToken)).statusCode).toBe(400);
    expect((await q(`select email from users where id = $1`, [me.user.id]))[0]).toEqual({ email: second });
  });

  it('refuses the link when another account took the address meanwhile; made-up links change nothing', async () => {
    const me = await createUser(t.app);
    const wanted = `wanted-${me.user.username!.toLowerCase()}@example.org`;
    expect((await requestChange(me, wanted)).statusCode).toBe(200);
    const token = linkToken((await mailsTo(wanted))[0]!, 'confirm-email-change');
    await createUser(t.app, { email: wanted });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'That email address is now used by another Kept account, so the change cannot be made.',
    );
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
    expect((await confirm('made-up')).statusCode).toBe(400);
    expect((await undo('made-up')).statusCode).toBe(400);
    expect((await confirm('')).statusCode).toBe(400);
  });
});

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();

describe('delete my account', () => {
  it('is refused to a visitor and, while a project runs or waits for settlement, names those projects', async () => {
    expect((await t.app.inject({ url: '/api/me/account-deletion' })).statusCode).toBe(401);
    expect((await post('/api/me/account-deletion', undefined, { password: 'whatever' })).statusCode).toBe(
      401,
    );

    const owner = await createUser(t.app, { timezone: 'UTC' });
    const { projectId } = await createPaidProject(t.app, { owner, draft: { title: 'Run a marathon' } });
    const blockers = await t.app.inject({
      url: '/api/me/account-deletion',
      headers: { cookie: owner.cookie },
    });
    expect(blockers.json()).toEqual({
      blockers: [{ kind: 'project', id: projectId, title: 'Run a marathon' }],
    });

    // A deposit form opened and not paid: paid after a deletion it would make a project of nobody.
    const open = await startDeposit(t.app, owner, projectDraft({ title: 'Learn to juggle' }));
    const both = await t.app.inject({ url: '/api/me/account-deletion', headers: { cookie: owner.cookie } });
    expect(both.json().blockers).toEqual([
      { kind: 'project', id: projectId, title: 'Run a marathon' },
      { kind: 'payment', id: open.paymentId, title: 'Learn to juggle' },
    ]);

    const refused = await post('/api/me/account-deletion', owner.cookie, { password: owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message:
        'You can\'t delete your account yet: "Run a marathon", "Learn to juggle" are still running, waiting for settlement or being paid. You can delete your account once that is done.',
    });
    const wrong = await post('/api/me/account-deletion', owner.cookie, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your password is not right. Please try again.' });
    expect(await whoIs(owner.cookie)).toMatchObject({ id: owner.user.id });
    expect(await q(`select count(*)::int as n from account_deletions`)).toEqual([{ n: 0 }]);
  });

  it('once every project is settled: ends every session, erases the person, keeps the money balanced, records when', async () => {
    clock.set(new Date('2026-04-01T12:00:00Z'));
    const owner = await createUser(t.app, { timezone: 'UTC' });
    const { projectId } = await createPaidProject(t.app, {
      owner,
      draft: {
        title: 'Paint the fence',
        description: 'Two coats, all sides.',
        lengthValue: 2,
        lengthUnit: 'days',
        frequencyValue: 1,
        frequencyUnit: 'days',
        depositCents: 2_000,
      },
    });
    // A photo check-in on day 2, and the owner's life elsewhere: a donation with their name and words
    // to someone else's project, a favorite, reminder and calendar settings, the newsletter, an export.
    clock.set(new Date('2026-04-02T10:00:00Z'));
    const body = multipartBody(
      { updateText: 'First coat done, my street is 12 Elm Road' },
      { field: 'photo', filename: 'fence.png', contentType: 'image/png', data: await photo() },
    );
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const [stored] = await q<{ photo_url: string; photo_thumb_url: string }>(
      `select photo_url, photo_thumb_url from project_checkins where project_id = $1 and photo_url is not null`,
      [projectId],
    );
    const files = [stored!.photo_url, stored!.photo_thumb_url].map((url) =>
      path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '')),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    const other = await createPaidProject(t.app, { draft: { title: 'Learn Welsh' } });
    await donate(t.app, other.projectId, {
      amountCents: 1_000,
      donor: owner,
      donorName: 'Real Name',
      donorEmail: owner.email,
      donorAnonymous: false,
      message: 'Go for it, from your neighbour',
      showAmount: true,
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/projects/${other.projectId}/favorite`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    await q(
      `update users set calendar_token = 'c'||md5(id), notification_token = 'n'||md5(id),
         reminder_prefs = '{"email":true}'::jsonb where id = $1`,
      [owner.user.id],
    );
    await q(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, device_label)
       values ($1, 'https://push.example/kept-owner', 'key', 'secret', 'Firefox on Linux')`,
      [owner.user.id],
    );
    await q(`insert into newsletter_subscribers (email, unsubscribe_token) values ($1, $2)`, [
      owner.email,
      `tok-${owner.user.id}`,
    ]);
    const exportDir = path.join(t.config.dataDir, 'exports', owner.user.id);
    fs.mkdirSync(exportDir, { recursive: true });
    fs.writeFileSync(path.join(exportDir, 'kept-data.zip'), 'zip');
    await q(
      `insert into data_exports (user_id, state, progress, progress_total, created_at, ready_at, expires_at, size)
       values ($1, 'ready', 12, 12, now(), now(), now() + interval '7 days', 3)`,
      [owner.user.id],
    );

    // The project ends 04-02 23:59:59.999 UTC and is settled an hour later; the refund goes out.
    // Ended but not yet settled, it still blocks the deletion.
    await walkClock(t.app, clock, '2026-04-03T00:30:00Z', HOUR / 2);
    const waiting = await t.app.inject({
      url: '/api/me/account-deletion',
      headers: { cookie: owner.cookie },
    });
    expect(waiting.json()).toEqual({
      blockers: [{ kind: 'project', id: projectId, title: 'Paint the fence' }],
    });
    expect(
      (await post('/api/me/account-deletion', owner.cookie, { password: owner.password })).statusCode,
    ).toBe(409);
    await walkClock(t.app, clock, '2026-04-04T12:00:00Z', HOUR);
    expect(await q(`select project_status from projects where id = $1`, [projectId])).toEqual([
      { project_status: 'settled' },
    ]);
    const open = await t.app.inject({ url: '/api/me/account-deletion', headers: { cookie: owner.cookie } });
    expect(open.json()).toEqual({ blockers: [] });

    const phone = cookieFrom((await signIn(t.app, owner.email, owner.password)).headers['set-cookie']);
    const ledgerBefore = await q(
      `select count(*)::int as n, sum(amount_cents)::bigint as total from ledger_entries`,
    );
    const paymentsBefore = await q(
      `select id, amount_cents, status from payments where user_id = $1 order by id`,
      [owner.user.id],
    );
    expect(paymentsBefore).toHaveLength(2);

    const res = await post('/api/me/account-deletion', owner.cookie, { password: owner.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    // Every session ended; the password no longer signs in.
    expect(await whoIs(owner.cookie)).toBeNull();
    expect(await whoIs(phone)).toBeNull();
    expect((await signIn(t.app, owner.email, owner.password)).statusCode).toBe(401);
    expect(await q(`select id from sessions where user_id = $1`, [owner.user.id])).toEqual([]);
    expect(await q(`select id from accounts where user_id = $1`, [owner.user.id])).toEqual([]);

    // The tombstone: no address, no name, no settings.
    const [row] = await q(`select * from users where id = $1`, [owner.user.id]);
    expect(row).toMatchObject({
      username: null,
      name: '',
      image: null,
      reminder_prefs: null,
      notification_token: null,
      calendar_token: null,
    });
    expect(row!.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(owner.user.username!);
    expect(JSON.stringify(row)).not.toContain(owner.email);

    // Words, photos (rows and files), favorites, newsletter, export folder: gone.
    expect(
      await q(
        `select update_text, photo_url, photo_thumb_url, video_url from project_checkins where user_id = $1`,
        [owner.user.id],
      ),
    ).toEqual(Array(2).fill({ update_text: null, photo_url: null, photo_thumb_url: null, video_url: null }));
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect(await q(`select 1 from user_favorites where user_id = $1`, [owner.user.id])).toEqual([]);
    expect(await q(`select 1 from newsletter_subscribers where email = $1`, [owner.email])).toEqual([]);
    expect(fs.existsSync(exportDir)).toBe(false);
    expect(await q(`select 1 from data_exports where user_id = $1`, [owner.user.id])).toEqual([]);
    expect(await q(`select 1 from push_subscriptions where user_id = $1`, [owner.user.id])).toEqual([]);
    expect(
      await q(`select description, image_url, visibility from projects where id = $1`, [projectId]),
    ).toEqual([{ description: '', image_url: null, visibility: 'unlisted' }]);
    const [donation] = await q(
      `select d.donor_name, d.donor_email, d.message, d.amount_cents, p.metadata from donations d
         join payments p on p.id = d.payment_id where p.user_id = $1`,
      [owner.user.id],
    );
    expect(donation).toMatchObject({
      donor_name: null,
      donor_email: null,
      message: null,
      amount_cents: 1_000,
    });
    expect(JSON.stringify(donation!.metadata)).not.toMatch(/Real Name|neighbour|@example\.com/);

    // The money stays: the same payments, the same ledger, still balanced.
    expect(
      await q(`select id, amount_cents, status from payments where user_id = $1 order by id`, [
        owner.user.id,
      ]),
    ).toEqual(paymentsBefore);
    expect(
      await q(`select count(*)::int as n, sum(amount_cents)::bigint as total from ledger_entries`),
    ).toEqual(ledgerBefore);
    const report = await assertLedgerInvariants(t.database.db);
    expect(report.total).toBe(0);
    expect(await q(`select state from settlements where project_id = $1`, [projectId])).toEqual([
      { state: 'refunded' },
    ]);

    // The deletion is recorded: when, not who.
    const deletions = await q(`select * from account_deletions`);
    expect(deletions).toHaveLength(1);
    expect(Object.keys(deletions[0]!).sort()).toEqual(['deleted_at', 'id']);
    expect(JSON.stringify(deletions)).not.toContain(owner.user.id);
    expect((deletions[0]!.deleted_at as Date).toISOString()).toBe('2026-04-04T12:00:00.000Z');

    // Public pages: the project stays readable under 'Deleted user'; the profile is gone; the donation
    // shows as anonymous.
    const page = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().project).toMatchObject({ username: null, title: 'Paint the fence' });
    const html = await t.app.inject({ url: `/project/${projectId}` });
    expect(html.body).toContain('A Music commitment by Deleted user on Kept.');
    expect(html.body).not.toContain(owner.user.username!);
    expect((await t.app.inject({ url: `/api/users/${owner.user.username}` })).statusCode).toBe(404);
    const supporters = await t.app.inject({ url: `/api/projects/${other.projectId}/supporters` });
    expect(supporters.json().supporters).toEqual([
      expect.objectContaining({ name: 'Anonymous', message: null }),
    ]);

    // Deleting again (an old cookie) is a 401, not a second record.
    expect(
      (await post('/api/me/account-deletion', owner.cookie, { password: owner.password })).statusCode,
    ).toBe(401);
    expect(await q(`select count(*)::int as n from account_deletions`)).toEqual([{ n: 1 }]);
  });
});
