// Who may call what, for every route the app registers. The route list comes from the app itself
// (app.routeList, filled by an onRoute hook): a route without a row in TABLE fails this file, so a new
// route cannot ship unreviewed. Each row sends one request per caller (visitor, another signed-in
// user, the owner) and, for project routes, per phase of a fresh project (upcoming, active, ended,
// deleted). A refusal must be in the error format and must write nothing.
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { multipartBody } from '../support/multipart.ts';
import { STRIPE_TEST_KEYS } from '../support/fake-stripe.ts';
import { insertUser } from '../support/browse.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { createPaidProject, projectDraft, startDeposit } from '../support/projects.ts';
import { dataFingerprint, expectErrorEnvelope, makeWebDist } from '../support/security.ts';
import { cookieFrom, createUser, uniqueName, type SignedIn } from '../support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
const dist = makeWebDist();
let t: TestApp;
let stripeApp: TestApp;
let owner: SignedIn & { email: string; password: string };
let other: SignedIn & { email: string; password: string };
let profileName: string;
const OWNER_FEED_TOKEN = 'OwnersFeedToken_0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp({ clock, webDistDir: dist.dir });
  // The Stripe webhook exists only with Stripe's keys: a second instance on the same database.
  stripeApp = await createTestApp({
    clock,
    env: { ...STRIPE_TEST_KEYS },
    database: t.database,
    webDistDir: dist.dir,
  });
  await Promise.all([t.app.ready(), stripeApp.app.ready()]);
  owner = await createUser(t.app);
  other = await createUser(t.app);
  profileName = (await insertUser(t.database.pool, { username: uniqueName('profile') })).username;
  await t.database.pool.query(`update users set notification_token = $2 where id = $1`, [
    owner.user.id,
    `owner-reminders-${owner.user.id}`,
  ]);
});
afterAll(async () => {
  await stripeApp.close();
  await t.close();
  dist.remove();
});

type Who = 'visitor' | 'other' | 'owner';
type Phase = 'upcoming' | 'active' | 'ended' | 'deleted';
const WHO: readonly Who[] = ['visitor', 'other', 'owner'];
const PHASES: readonly Phase[] = ['upcoming', 'active', 'ended', 'deleted'];

type Cell = {
  who: Who;
  /** The caller's session cookie (none for a visitor). */
  cookie: string | undefined;
  /** The caller's account, for routes about "my" things (the owner's for a visitor). */
  account: SignedIn & { email: string; password: string };
  /** A fresh project of the owner's in the row's phase (project rows only). */
  projectId: string;
  /** A client address of this cell's own, so per-IP limits never mix cells. */
  ip: string;
  /** What the row's `prepare` set up before the request (outside the nothing-written check). */
  prep: Record<string, string>;
};

type Row = {
  /** Why these answers are right. */
  rule: string;
  prepare?: (cell: Cell) => Promise<Record<string, string>>;
  send: (cell: Cell) => Promise<LightMyRequestResponse>;
} & (
  { expect: Record<Who, number> } | { byPhase: Record<Phase, Record<Who, number>>; whoseProject?: 'owner' }
);

const all = (status: number): Record<Who, number> => ({ visitor: status, other: status, owner: status });
const signedIn = (status: number): Record<Who, number> => ({ visitor: 401, other: status, owner: status });
const samePhases = (
  live: Record<Who, number>,
  deleted: Record<Who, number>,
): Record<Phase, Record<Who, number>> => ({ upcoming: live, active: live, ended: live, deleted });

let ipCounter = 0;
const withCookie = (cell: Cell) => (cell.cookie ? { cookie: cell.cookie } : {});

/** A fresh sign-in of `account`, so signing out never ends the sessions the other rows use. */
async function freshSession(account: { email: string; password: string }, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email: account.email, password: account.password },
  });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

/** The owner's deposit intent: its id and the client secret only the payer holds. */
async function ownersIntent(): Promise<Record<string, string>> {
  const intent = await startDeposit(t.app, owner, projectDraft());
  return { paymentId: intent.paymentId, clientSecret: intent.clientSecret };
}

/** A check-in of the owner's on `projectId`, posted just now. */
async function freshCheckIn(projectId: string): Promise<Record<string, string>> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into project_checkins (project_id, user_id, update_text, check_in_timezone, check_in_local_date,
       check_in_project_date, created_at)
     values ($1, $2, 'Posted just now', 'UTC', '2026-03-20', '2026-03-20', $3) returning id`,
    [projectId, owner.user.id, clock.now()],
  );
  return { checkInId: rows[0]!.id };
}

/** A ready export of the owner's, its zip on disk: the job run by hand (the clock stands still). */
async function readyExportOfOwner(): Promise<string> {
  await t.database.pool.query(`delete from data_exports`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/data-export',
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode).toBe(202);
  await t.app.jobs.drain();
  const { rows } = await t.database.pool.query<{ id: string; state: string }>(
    `select id, state from data_exports where user_id = $1`,
    [owner.user.id],
  );
  expect(rows.map((r) => r.state)).toEqual(['ready']);
  return rows[0]!.id;
}

const TABLE: Record<string, Row> = {
  // ---- public reads ----
  'GET /api/health': { rule: 'public', expect: all(200), send: () => t.app.inject({ url: '/api/health' }) },
  'GET /api/session': {
    rule: 'anyone may ask who they are',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/session', headers: withCookie(c) }),
  },
  'GET /api/payments/config': {
    rule: 'public: which payment form to show',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/payments/config', headers: withCookie(c) }),
  },
  'GET /api/home': {
    rule: 'public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/home', headers: withCookie(c) }),
  },
  'GET /api/projects': {
    rule: 'public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/projects?searchText=a', headers: withCookie(c) }),
  },
  'GET /api/categories/:slug': {
    rule: 'public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/categories/art', headers: withCookie(c) }),
  },
  'GET /api/transparency': {
    rule: 'public: totals from the ledger, nobody in particular',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/transparency', headers: withCookie(c) }),
  },
  'GET /api/users/:username': {
    rule: 'public profiles',
    expect: all(200),
    send: (c) => t.app.inject({ url: `/api/users/${profileName}`, headers: withCookie(c) }),
  },
  'GET /api/users/:username/history': {
    rule: 'public, as the profile: streak, completion rate and check-in dates',
    expect: all(200),
    send: (c) => t.app.inject({ url: `/api/users/${profileName}/history`, headers: withCookie(c) }),
  },
  'GET /api/projects/:projectId/history': {
    rule: 'public while not deleted, as the project page',
    byPhase: samePhases(all(200), all(404)),
    send: (c) => t.app.inject({ url: `/api/projects/${c.projectId}/history`, headers: withCookie(c) }),
  },
  'GET /api/me/history': {
    rule: 'signed in: one’s own history',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/history', headers: withCookie(c) }),
  },
  'GET /api/projects/:projectId': {
    rule: 'public while not deleted; a deleted project is gone for everyone, its owner included',
    byPhase: samePhases(all(200), all(404)),
    send: (c) => t.app.inject({ url: `/api/projects/${c.projectId}`, headers: withCookie(c) }),
  },

  // ---- accounts ----
  'POST /api/auth/sign-up': {
    rule: 'anyone may open an account (signed in or not); sign-up sets no cookie',
    expect: all(201),
    send: (c) => {
      const username = uniqueName('signup');
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { username, email: `${username}@example.com`, password: 'correct horse battery' },
      });
    },
  },
  'POST /api/auth/sign-in': {
    rule: 'anyone with the password',
    expect: all(200),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { email: c.account.email, password: c.account.password },
      }),
  },
  'POST /api/auth/sign-out': {
    rule: 'always succeeds; it ends only the caller’s own session',
    expect: all(200),
    prepare: async (c): Promise<Record<string, string>> =>
      c.cookie ? { cookie: await freshSession(c.account, c.ip) } : {},
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        remoteAddress: c.ip,
        headers: c.prep.cookie ? { cookie: c.prep.cookie } : {},
      }),
  },
  'POST /api/auth/forgot-password': {
    rule: 'anyone; same answer for every address',
    expect: all(200),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: c.ip,
        payload: { email: `nobody-${c.ip}@example.com` },
      }),
  },
  'GET /api/auth/reset-password/:token': {
    rule: 'anyone may ask whether a reset link works; it answers for the token only, never the session',
    expect: all(404),
    send: (c) =>
      t.app.inject({
        url: '/api/auth/reset-password/not-a-real-token',
        remoteAddress: c.ip,
        headers: withCookie(c),
      }),
  },
  'POST /api/auth/reset-password': {
    rule: 'only the holder of a reset token; a session is not enough',
    expect: all(400),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { token: 'not-a-real-token', password: 'new password 1', confirmPassword: 'new password 1' },
      }),
  },
  'POST /api/me/password': {
    rule: 'signed in: one’s own password, with the current one (a wrong one here: nothing changes)',
    expect: { visitor: 401, other: 400, owner: 400 },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: withCookie(c),
        payload: {
          currentPassword: 'not the password',
          newPassword: 'new password 1',
          confirmPassword: 'new password 1',
        },
      }),
  },
  'POST /api/auth/verify-email': {
    rule: 'only the holder of a verification link; a session is not enough',
    expect: all(400),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { token: 'not-a-real-token' },
      }),
  },
  'POST /api/me/verification-email': {
    rule: 'signed in: a new link to one’s own address while it is unconfirmed (these two have confirmed theirs)',
    expect: signedIn(409),
    send: (c) => t.app.inject({ method: 'POST', url: '/api/me/verification-email', headers: withCookie(c) }),
  },
  'POST /api/me/email': {
    rule: 'signed in: one’s own address, with the current password (a wrong one here: nothing is sent)',
    expect: { visitor: 401, other: 400, owner: 400 },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/email',
        headers: withCookie(c),
        payload: { newEmail: `moved-${c.who}@example.org`, currentPassword: 'not the password' },
      }),
  },
  'POST /api/auth/email-change/confirm': {
    rule: 'only the holder of the link sent to the new address; a session is not enough',
    expect: all(400),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email-change/confirm',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { token: 'not-a-real-token' },
      }),
  },
  'POST /api/auth/email-change/undo': {
    rule: 'only the holder of the undo link sent to the old address; a session is not enough',
    expect: all(400),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email-change/undo',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { token: 'not-a-real-token' },
      }),
  },
  'GET /api/me/account-deletion': {
    rule: 'signed in: what keeps one’s own account from being deleted',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/account-deletion', headers: withCookie(c) }),
  },
  'POST /api/me/account-deletion': {
    rule: 'signed in: one’s own account only, with its password (a wrong one here: nothing is erased)',
    expect: { visitor: 401, other: 400, owner: 400 },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/account-deletion',
        headers: withCookie(c),
        payload: { password: 'not the password' },
      }),
  },
  'GET /api/me/settings': {
    rule: 'signed in: one’s own settings',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/settings', headers: withCookie(c) }),
  },
  'PUT /api/me/username': {
    rule: 'signed in: one’s own username',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/username',
        headers: withCookie(c),
        payload: { username: uniqueName('renamed') },
      }),
  },
  'PUT /api/me/timezone': {
    rule: 'signed in: one’s own timezone',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/timezone',
        headers: withCookie(c),
        payload: { timezone: 'America/New_York' },
      }),
  },
  'GET /api/me/reminders': {
    rule: 'signed in: one’s own reminder preferences',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/reminders', headers: withCookie(c) }),
  },
  'PUT /api/me/reminders': {
    rule: 'signed in: one’s own reminder preferences',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/reminders',
        headers: withCookie(c),
        payload: {
          channels: { email: true, push: false },
          timings: { 'day-before': true, 'morning-of': true, overdue: false },
          quietHours: { start: 1320, end: 420 },
        },
      }),
  },
  'GET /api/push/public-key': {
    rule: 'anyone: the key browsers subscribe with is public',
    expect: all(200),
    send: () => t.app.inject({ url: '/api/push/public-key' }),
  },
  'GET /api/me/push-subscriptions': {
    rule: 'signed in: one’s own push devices',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/push-subscriptions', headers: withCookie(c) }),
  },
  'POST /api/me/push-subscriptions': {
    rule: 'signed in: subscribing one’s own browser',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: withCookie(c),
        payload: {
          endpoint: `https://push.example.test/${c.who}/${c.ip}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      }),
  },
  'DELETE /api/me/push-subscriptions/:deviceId': {
    rule: 'signed in: removing one of one’s own devices only (another’s is not found)',
    expect: { visitor: 401, other: 404, owner: 200 },
    prepare: async (c) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: { cookie: owner.cookie },
        payload: {
          endpoint: `https://push.example.test/owner-device/${c.who}/${c.ip}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      });
      const mine = (res.json() as { devices: { id: string; endpoint: string }[] }).devices.find((d) =>
        d.endpoint.endsWith(`/${c.who}/${c.ip}`),
      );
      return { deviceId: mine!.id };
    },
    send: (c) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/me/push-subscriptions/${c.prep.deviceId}`,
        headers: withCookie(c),
      }),
  },
  'GET /api/me/calendar-feed': {
    rule: 'signed in: the link to one’s own calendar feed',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/calendar-feed', headers: withCookie(c) }),
  },
  'POST /api/me/calendar-feed/rotate': {
    rule: 'signed in: replacing one’s own calendar link',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({ method: 'POST', url: '/api/me/calendar-feed/rotate', headers: withCookie(c) }),
  },
  'GET /api/calendar/:token/check-ins.ics': {
    rule: 'only the holder of the feed link; a session is not enough',
    expect: { visitor: 404, other: 404, owner: 200 },
    prepare: async () => {
      await t.database.pool.query(`update users set calendar_token = $2 where id = $1`, [
        owner.user.id,
        OWNER_FEED_TOKEN,
      ]);
      return {};
    },
    send: (c) =>
      t.app.inject({
        url: `/api/calendar/${c.who === 'owner' ? OWNER_FEED_TOKEN : 'a-guessed-token-000000000000000'}/check-ins.ics`,
        headers: withCookie(c),
      }),
  },
  'GET /api/me/projects': {
    rule: 'signed in: one’s own projects',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/projects', headers: withCookie(c) }),
  },
  'GET /api/me/money': {
    rule: 'signed in: one’s own charges, refunds, payouts and donations, nobody else’s',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/money', headers: withCookie(c) }),
  },
  'GET /api/me/receipts/:paymentId': {
    rule: 'the payer only: anyone else’s payment is a 404, as if it did not exist',
    expect: { visitor: 401, other: 404, owner: 200 },
    prepare: async () => ({ paymentId: (await createPaidProject(t.app, { owner })).paymentId }),
    send: (c) => t.app.inject({ url: `/api/me/receipts/${c.prep.paymentId}`, headers: withCookie(c) }),
  },
  'GET /api/me/data-export': {
    rule: 'signed in: one’s own latest data export',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/data-export', headers: withCookie(c) }),
  },
  'POST /api/me/data-export': {
    rule: 'signed in: a copy of one’s own data (202 new, 200 the one already on its way)',
    expect: { visitor: 401, other: 202, owner: 202 },
    // No export on its way, so each signed-in cell starts one of its own.
    prepare: async () => {
      await t.database.pool.query(`delete from data_exports`);
      return {};
    },
    send: (c) => t.app.inject({ method: 'POST', url: '/api/me/data-export', headers: withCookie(c) }),
  },
  'GET /api/me/data-exports/:exportId/download': {
    rule: 'the owner only, while ready: anyone else’s export is a 404, as if it did not exist',
    expect: { visitor: 401, other: 404, owner: 200 },
    prepare: async () => ({ exportId: await readyExportOfOwner() }),
    send: (c) =>
      t.app.inject({ url: `/api/me/data-exports/${c.prep.exportId}/download`, headers: withCookie(c) }),
  },
  'GET /api/me/favorites': {
    rule: 'signed in: one’s own favorites',
    expect: signedIn(200),
    send: (c) => t.app.inject({ url: '/api/me/favorites', headers: withCookie(c) }),
  },

  // ---- money ----
  'POST /api/payments/deposit-intent': {
    rule: 'signed in: a deposit for a project of one’s own',
    expect: signedIn(200),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/deposit-intent',
        headers: withCookie(c),
        payload: projectDraft(),
      }),
  },
  'POST /api/payments/simulated/confirm': {
    rule: 'only the payer, who holds the client secret; others know the payment id at most',
    expect: { visitor: 404, other: 404, owner: 200 },
    prepare: ownersIntent,
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/confirm',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: {
          paymentId: c.prep.paymentId,
          clientSecret: c.who === 'owner' ? c.prep.clientSecret : `${c.prep.clientSecret}x`,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12 / 34',
          cvc: '123',
        },
      }),
  },
  'GET /api/payments/:paymentId/status': {
    rule: 'only the holder of the client secret',
    expect: { visitor: 404, other: 404, owner: 200 },
    prepare: ownersIntent,
    send: (c) => {
      const secret = c.who === 'owner' ? c.prep.clientSecret! : 'pi_guess_secret_123';
      return t.app.inject({
        url: `/api/payments/${c.prep.paymentId}/status?clientSecret=${encodeURIComponent(secret)}`,
        headers: withCookie(c),
      });
    },
  },
  'POST /api/donations/intent': {
    rule: 'anyone but the owner may donate to a live project; not after its end; not to a deleted one',
    byPhase: {
      upcoming: { visitor: 200, other: 200, owner: 403 },
      active: { visitor: 200, other: 200, owner: 403 },
      ended: { visitor: 409, other: 409, owner: 403 },
      deleted: all(404),
    },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/donations/intent',
        remoteAddress: c.ip,
        headers: withCookie(c),
        payload: { projectId: c.projectId, amountCents: 1_000 },
      }),
  },
  'POST /api/webhooks/stripe': {
    rule: 'only Stripe: the signature is the credential, a session is worth nothing',
    expect: all(400),
    send: (c) =>
      stripeApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { ...withCookie(c), 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: {} } }),
      }),
  },

  // ---- the owner's project ----
  'POST /api/projects/:projectId/check-ins': {
    rule:
      'the owner only, until the end. A project starts at the start of its creation day, so "upcoming" ' +
      'needs a creation time ahead of the clock; the check-in service checks only the end (see SECURITY.md)',
    byPhase: {
      upcoming: { visitor: 401, other: 403, owner: 201 },
      active: { visitor: 401, other: 403, owner: 201 },
      ended: { visitor: 401, other: 403, owner: 409 },
      deleted: { visitor: 401, other: 404, owner: 404 },
    },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${c.projectId}/check-ins`,
        headers: withCookie(c),
        payload: { updateText: 'Did the work' },
      }),
  },
  'PATCH /api/projects/:projectId/check-ins/:checkInId': {
    rule: 'the owner only, in the 15 minutes after posting (the clock stands still here)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    prepare: (c) => freshCheckIn(c.projectId),
    send: (c) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/projects/${c.projectId}/check-ins/${c.prep.checkInId}`,
        headers: withCookie(c),
        payload: { updateText: 'Fixed a typo' },
      }),
  },
  'DELETE /api/projects/:projectId/check-ins/:checkInId': {
    rule: 'the owner only, in the 15 minutes after posting (the clock stands still here)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    prepare: (c) => freshCheckIn(c.projectId),
    send: (c) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${c.projectId}/check-ins/${c.prep.checkInId}`,
        headers: withCookie(c),
      }),
  },
  'PATCH /api/projects/:projectId': {
    rule: 'the owner only, at any time until deleted',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/projects/${c.projectId}`,
        headers: withCookie(c),
        payload: { title: 'Renamed', description: 'New words', tag: 'Art' },
      }),
  },
  'POST /api/projects/:projectId/pauses': {
    rule: 'the owner only, while the project runs (RULES.md "Pauses": a later period, planned 2 days ahead)',
    byPhase: {
      upcoming: { visitor: 401, other: 403, owner: 200 },
      active: { visitor: 401, other: 403, owner: 200 },
      ended: { visitor: 401, other: 403, owner: 409 },
      deleted: { visitor: 401, other: 404, owner: 404 },
    },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${c.projectId}/pauses`,
        headers: withCookie(c),
        payload: { period: 4 },
      }),
  },
  'DELETE /api/projects/:projectId/pauses/:period': {
    rule: 'the owner only; a period that is not paused cannot be un-paused',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 409 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${c.projectId}/pauses/4`,
        headers: withCookie(c),
      }),
  },
  'PUT /api/projects/:projectId/reminders': {
    rule: 'the owner only, until deleted: the project’s own reminder choices',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${c.projectId}/reminders`,
        headers: withCookie(c),
        payload: { override: { channels: { email: false } } },
      }),
  },
  'GET /api/projects/:projectId/ending': {
    rule: "the owner only: what cancelling or ending would do with the owner's money",
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) => t.app.inject({ url: `/api/projects/${c.projectId}/ending`, headers: withCookie(c) }),
  },
  'POST /api/projects/:projectId/cancel': {
    rule: 'the owner only, in the first 24 hours, before any check-in or donation',
    byPhase: {
      upcoming: { visitor: 401, other: 403, owner: 200 },
      active: { visitor: 401, other: 403, owner: 409 },
      ended: { visitor: 401, other: 403, owner: 409 },
      deleted: { visitor: 401, other: 404, owner: 404 },
    },
    send: (c) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${c.projectId}/cancel`, headers: withCookie(c) }),
  },
  'POST /api/projects/:projectId/end': {
    rule: 'the owner only, while the project runs',
    byPhase: {
      upcoming: { visitor: 401, other: 403, owner: 200 },
      active: { visitor: 401, other: 403, owner: 200 },
      ended: { visitor: 401, other: 403, owner: 409 },
      deleted: { visitor: 401, other: 404, owner: 404 },
    },
    send: (c) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${c.projectId}/end`, headers: withCookie(c) }),
  },
  'GET /api/projects/:projectId/supporters': {
    rule: 'public while not deleted: names or Anonymous, amounts only when shown, messages the owner did not hide',
    byPhase: samePhases(all(200), all(404)),
    send: (c) => t.app.inject({ url: `/api/projects/${c.projectId}/supporters`, headers: withCookie(c) }),
  },
  'PUT /api/projects/:projectId/supporters/:donationId/message': {
    rule:
      "the owner only may hide or show a supporter's message; a donation that is not this project's is a 404 " +
      '(the 200 path is in supporters.test.ts)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 404 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${c.projectId}/supporters/${crypto.randomUUID()}/message`,
        headers: withCookie(c),
        payload: { hidden: true },
      }),
  },
  'POST /api/projects/:projectId/cover': {
    rule: 'the owner only, at any time until deleted (as the edit)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: async (c) => {
      const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a9d8f' } })
        .png()
        .toBuffer();
      const body = multipartBody(
        {},
        { field: 'photo', filename: 'c.png', contentType: 'image/png', data: picture },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/projects/${c.projectId}/cover`,
        headers: { ...body.headers, ...withCookie(c) },
        payload: body.payload,
      });
    },
  },
  'PUT /api/projects/:projectId/cover': {
    rule: 'the owner only, at any time until deleted (as the edit)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${c.projectId}/cover`,
        headers: withCookie(c),
        payload: { source: 'tag' },
      }),
  },
  'PUT /api/projects/:projectId/visibility': {
    rule: 'the owner only, at any time until deleted (as the edit)',
    byPhase: samePhases({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${c.projectId}/visibility`,
        headers: withCookie(c),
        payload: { visibility: 'unlisted' },
      }),
  },
  'DELETE /api/projects/:projectId': {
    rule: 'the owner only, after the end',
    byPhase: {
      upcoming: { visitor: 401, other: 403, owner: 409 },
      active: { visitor: 401, other: 403, owner: 409 },
      ended: { visitor: 401, other: 403, owner: 200 },
      deleted: { visitor: 401, other: 404, owner: 404 },
    },
    send: (c) =>
      t.app.inject({ method: 'DELETE', url: `/api/projects/${c.projectId}`, headers: withCookie(c) }),
  },
  'PUT /api/projects/:projectId/favorite': {
    rule: 'signed in: a favorite of one’s own, on any project not deleted',
    byPhase: samePhases(signedIn(200), { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({ method: 'PUT', url: `/api/projects/${c.projectId}/favorite`, headers: withCookie(c) }),
  },
  'DELETE /api/projects/:projectId/favorite': {
    rule: 'signed in: a favorite of one’s own, on any project not deleted',
    byPhase: samePhases(signedIn(200), { visitor: 401, other: 404, owner: 404 }),
    send: (c) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${c.projectId}/favorite`,
        headers: withCookie(c),
      }),
  },

  // ---- email links: the token in the link is the credential ----
  'POST /api/newsletter': {
    rule: 'anyone may subscribe an address',
    expect: all(200),
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        remoteAddress: c.ip,
        payload: { email: `news-${c.ip}@example.com` },
      }),
  },
  'GET /api/newsletter/unsubscribe': {
    rule: 'only the holder of the unsubscribe token',
    expect: { visitor: 400, other: 400, owner: 200 },
    prepare: async (c) => {
      const email = `leaving-${c.ip}@example.com`;
      await t.app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress: c.ip, payload: { email } });
      const { rows } = await t.database.pool.query<{ token: string }>(
        `select unsubscribe_token as token from newsletter_subscribers where email = $1`,
        [email],
      );
      return { token: rows[0]!.token };
    },
    send: (c) =>
      t.app.inject({
        url: `/api/newsletter/unsubscribe?token=${c.who === 'owner' ? c.prep.token : 'a-guessed-token-0000'}`,
        headers: withCookie(c),
      }),
  },
  'GET /api/notifications/unsubscribe': {
    rule: 'only the holder of the reminder token; a session is not enough',
    expect: { visitor: 400, other: 400, owner: 200 },
    send: (c) =>
      t.app.inject({
        url: `/api/notifications/unsubscribe?token=${c.who === 'owner' ? `owner-reminders-${owner.user.id}` : 'a-guessed-token-0000'}`,
        headers: withCookie(c),
      }),
  },
  'POST /api/notifications/unsubscribe': {
    rule: 'one-click unsubscribe from a mail client: only the holder of the reminder token',
    expect: { visitor: 400, other: 400, owner: 200 },
    send: (c) =>
      t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${c.who === 'owner' ? `owner-reminders-${owner.user.id}` : 'a-guessed-token-0000'}`,
        headers: { ...withCookie(c), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
  },

  // ---- pages and files (public) ----
  'GET /project/:projectId': {
    rule: 'the app page with a link preview; deleted projects answer the bare page with a 404',
    byPhase: samePhases(all(200), all(404)),
    send: (c) => t.app.inject({ url: `/project/${c.projectId}`, headers: withCookie(c) }),
  },
  'GET /category/:category': {
    rule: 'the app page of a category; other spellings redirect to the canonical address',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/category/art', headers: withCookie(c) }),
  },
  'GET /user/:username': {
    rule: 'the app page with a profile preview',
    expect: all(200),
    send: (c) => t.app.inject({ url: `/user/${profileName}`, headers: withCookie(c) }),
  },
  'GET /uploads/*': {
    rule: 'uploaded check-in photos are public (unguessable names); a missing one is a 404',
    expect: all(404),
    send: (c) => t.app.inject({ url: '/uploads/no-such-photo.webp', headers: withCookie(c) }),
  },
  // ---- the API's own description ----
  'GET /api/openapi.json': {
    rule: "the OpenAPI document is public: it describes the API, not anyone's data",
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/openapi.json', headers: withCookie(c) }),
  },
  'GET /api/docs': {
    rule: 'the API reference page is public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/docs', headers: withCookie(c) }),
  },
  'GET /api/docs/json': {
    rule: 'the document as the reference page reads it: public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/docs/json', headers: withCookie(c) }),
  },
  'GET /api/docs/yaml': {
    rule: 'the document in YAML: public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/docs/yaml', headers: withCookie(c) }),
  },
  'GET /api/docs/static/index.html': {
    rule: 'sends the reference page to its own address',
    expect: all(302),
    send: (c) => t.app.inject({ url: '/api/docs/static/index.html', headers: withCookie(c) }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    rule: "the reference page's script is public",
    expect: all(200),
    send: (c) => t.app.inject({ url: '/api/docs/static/swagger-initializer.js', headers: withCookie(c) }),
  },
  'GET /api/docs/static/*': {
    rule: "the reference page's files are public; a missing one is a 404",
    expect: all(404),
    send: (c) => t.app.inject({ url: '/api/docs/static/no-such-file.js', headers: withCookie(c) }),
  },
  'GET /index.html': {
    rule: 'the built web app is public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/index.html', headers: withCookie(c) }),
  },
  'GET /assets/app-abc123.js': {
    rule: 'the built web app is public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/assets/app-abc123.js', headers: withCookie(c) }),
  },
  'GET /favicon.svg': {
    rule: 'the built web app is public',
    expect: all(200),
    send: (c) => t.app.inject({ url: '/favicon.svg', headers: withCookie(c) }),
  },
};

/** Every route of both instances, as 'METHOD /url'; HEAD twins of GET routes are checked apart. */
function registered(): { routes: string[]; heads: string[] } {
  const keys = new Set<string>();
  for (const r of [...t.app.routeList, ...stripeApp.app.routeList]) keys.add(`${r.method} ${r.url}`);
  const routes = [...keys].filter((k) => !k.startsWith('HEAD '));
  const heads = [...keys].filter((k) => k.startsWith('HEAD '));
  return { routes, heads };
}

describe('the route list', () => {
  it('has a row in the table for every registered route, and no row for a route that does not exist', () => {
    const { routes } = registered();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !(r in TABLE));
    expect(missing, 'routes registered without a row in the authorization table').toEqual([]);
    const stale = Object.keys(TABLE).filter((r) => !routes.includes(r));
    expect(stale, 'rows for routes the app does not register').toEqual([]);
  });

  it('has HEAD routes only as the automatic twins of GET routes', () => {
    const { routes, heads } = registered();
    for (const head of heads) expect(routes, head).toContain(head.replace(/^HEAD /, 'GET '));
  });
});

type Case = [route: string, phase: Phase | '-', who: Who, status: number];
const cases: Case[] = [];
for (const [route, row] of Object.entries(TABLE)) {
  if ('expect' in row) for (const who of WHO) cases.push([route, '-', who, row.expect[who]]);
  else
    for (const phase of PHASES)
      for (const who of WHO) cases.push([route, phase, who, row.byPhase[phase][who]]);
}

/** A fresh project of the owner's in `phase` (the clock stands at 2026-03-20 12:00 UTC). */
async function projectIn(phase: Phase | '-'): Promise<string> {
  const base = { userId: owner.user.id, title: `Matrix ${phase}` };
  if (phase === 'upcoming')
    return insertProjectRow(t.database.pool, { ...base, createdAt: '2026-03-25T12:00:00Z' });
  if (phase === 'ended' || phase === 'deleted')
    return insertProjectRow(t.database.pool, {
      ...base,
      createdAt: '2026-02-01T12:00:00Z',
      lengthDays: 28,
      deleted: phase === 'deleted',
    });
  return insertProjectRow(t.database.pool, { ...base, createdAt: '2026-03-01T12:00:00Z', lengthDays: 30 });
}

describe('authorization matrix', () => {
  it.each(cases)('%s [%s] as %s → %i', async (route, phase, who, status) => {
    ipCounter += 1;
    const row = TABLE[route]!;
    const cell: Cell = {
      who,
      cookie: who === 'owner' ? owner.cookie : who === 'other' ? other.cookie : undefined,
      account: who === 'other' ? other : owner,
      projectId: await projectIn(phase),
      ip: `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
      prep: {},
    };
    if (row.prepare) cell.prep = await row.prepare(cell);
    const before = await dataFingerprint(t.database.pool);
    const res = await row.send(cell);
    expect(res.statusCode, `${route} [${phase}] as ${who}: ${res.body.slice(0, 200)}`).toBe(status);
    if (status >= 400) {
      const isPage = route.startsWith('GET /project/') || route.includes('/unsubscribe');
      if (!isPage) expectErrorEnvelope(res, route);
      expect(await dataFingerprint(t.database.pool), `${route} refused but wrote`).toEqual(before);
    }
  });
});
