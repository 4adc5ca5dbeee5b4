// RULES.md's example, lived end to end with an injected clock: created 2026-03-01 (UTC), 30 days, every
// 7 days (check-in dates 03-01, 03-08, 03-15, 03-22, 03-29; t = 5); check-ins on 03-01 (automatic),
// 03-10 and 03-30, so periods 2 and 3 are missed (m = 2). Deposit $50 and a $100 donation (creator
// share $80): P = $130.00, R = floor(13000 × 3 / 5) = $78.00 — $50.00 back to the card, $28.00 paid
// out — and F = $52.00 to charity.
import type { MyProjectsResponse, ProjectDetailResponse } from '@kept/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { balanceOf, ACCOUNTS } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { HOUR, htmlOf, sentMail, walkClock } from './support/jobs.ts';
import { createPaidProject, donate } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  ({ projectId } = await createPaidProject(t.app, {
    owner,
    draft: {
      title: 'Write a novel',
      depositCents: 5_000,
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'weeks',
    },
  }));
  const donor = await createUser(t.app, { timezone: 'UTC' });
  await donate(t.app, projectId, { amountCents: 10_000, donor, donorName: 'Ada', donorAnonymous: false });
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const project = async () =>
  (
    await q<{ next_checkin_date: string | null; project_status: string; refundable_amount: number }>(
      'select next_checkin_date, project_status, refundable_amount from projects where id = $1',
      [projectId],
    )
  )[0]!;
const ownerMail = async () => (await sentMail(t)).filter((m) => m.to === owner.user.email);
const subjects = async () => (await ownerMail()).map((m) => m.subjectText);
const checkIn = async (text: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: { cookie: owner.cookie },
    payload: { updateText: text },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe("RULES.md's example, from creation to settlement", () => {
  it('starts active with its welcome email naming the project and its schedule', async () => {
    await t.app.jobs.runDue();
    expect(await project()).toMatchObject({
      next_checkin_date: '2026-03-08',
      project_status: 'active',
      refundable_amount: 13_000,
    });
    const mails = await ownerMail();
    const welcome = mails.find((m) => m.subjectText === 'Your project "Write a novel" has started')!;
    expect(welcome.text).toContain('check in every week for 30 days, until March 30, 2026');
    expect(welcome.text).toContain('Your next check-in is due March 8, 2026');
    expect(welcome.text).toContain('On each check-in day we will email you a reminder at 9:00');
    expect(htmlOf(welcome)).toContain('Write a novel');
    expect(mails.map((m) => m.subjectText)).toContain('You received a donation');
  });

  it('reminds on the due day at 09:00 local, not before, and once more when overdue', async () => {
    await walkClock(t.app, clock, '2026-03-08T08:00:00Z');
    expect((await subjects()).filter((s) => s.startsWith('Check-in'))).toEqual([]);
    await walkClock(t.app, clock, '2026-03-08T09:00:00Z');
    expect((await subjects()).filter((s) => s.startsWith('Check-in'))).toEqual([
      'Check-in due today: Write a novel',
    ]);
    await walkClock(t.app, clock, '2026-03-09T12:00:00Z');
    expect((await subjects()).filter((s) => s.startsWith('Check-in'))).toEqual([
      'Check-in due today: Write a novel',
      'Check-in overdue: Write a novel',
    ]);
    const overdue = (await ownerMail()).find((m) => m.subjectText === 'Check-in overdue: Write a novel')!;
    expect(overdue.text).toContain('was due on March 8, 2026');
    expect(overdue.text).toContain('a check-in by the end of March 14, 2026 counts');
    expect(overdue.text).toMatch(
      /Unsubscribe: http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=\S+/,
    );
    expect(htmlOf(overdue)).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/,
    );
    expect((await project()).next_checkin_date).toBe('2026-03-08');
  });

  it('moves the next check-in on after a check-in and at each period boundary', async () => {
    await walkClock(t.app, clock, '2026-03-10T12:00:00Z');
    await checkIn('Chapter one is done');
    expect((await project()).next_checkin_date).toBe('2026-03-15');
    // Periods 2 (03-15..03-21) and 3 (03-22..03-28) pass without a check-in.
    await walkClock(t.app, clock, '2026-03-21T23:00:00Z');
    expect((await project()).next_checkin_date).toBe('2026-03-15');
    await walkClock(t.app, clock, '2026-03-22T00:00:00Z');
    expect((await project()).next_checkin_date).toBe('2026-03-22');
    await walkClock(t.app, clock, '2026-03-30T12:00:00Z');
    expect((await project()).next_checkin_date).toBe('2026-03-29');
    await checkIn('The last chapter, late but in the period');
    expect((await project()).next_checkin_date).toBeNull();
    const reminders = (await subjects()).filter((s) => s.startsWith('Check-in'));
    expect(reminders).toEqual([
      ...['due today', 'overdue', 'due today', 'overdue', 'due today', 'overdue', 'due today', 'overdue'].map(
        (kind) => `Check-in ${kind}: Write a novel`,
      ),
    ]);
    const { rows } = await t.database.pool.query(
      'select period, kind from notifications where project_id = $1 order by period, kind',
      [projectId],
    );
    expect(rows).toEqual(
      [1, 2, 3, 4].flatMap((period) => ['due', 'overdue'].map((kind) => ({ period, kind }))),
    );
  });

  it('completes at the end moment and shows a pending statement until settlement runs', async () => {
    await walkClock(t.app, clock, '2026-03-30T23:59:59.999Z');
    expect((await project()).project_status).toBe('active');
    await walkClock(t.app, clock, '2026-03-31T00:30:00Z', 30 * 60_000);
    expect(await project()).toMatchObject({ project_status: 'completed', next_checkin_date: null });
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` });
    const detail: ProjectDetailResponse = res.json();
    expect(detail.settlement).toMatchObject({
      settled: false,
      status: 'processing',
      statusText: 'Processing — 5-10 business days',
      refundCents: 7_800,
    });
    expect(await q('select 1 from settlements where project_id = $1', [projectId])).toEqual([]);
  });

  it('settles soon after the end: refund, payout and forfeit in the ledger, exactly once', async () => {
    await walkClock(t.app, clock, '2026-03-31T02:00:00Z', HOUR / 2);
    await walkClock(t.app, clock, '2026-04-02T02:00:00Z'); // nothing more may happen
    const [s] = await q('select * from settlements where project_id = $1', [projectId]);
    expect(s).toMatchObject({
      state: 'refunded',
      pool_cents: 13_000,
      deposit_cents: 5_000,
      total_checkins: 5,
      missed_checkins: 2,
      refund_cents: 7_800,
      forfeit_cents: 5_200,
      refund_to_card_cents: 5_000,
      payout_cents: 2_800,
      payout_status: 'paid',
      payout_paid_cents: 2_800,
      attempts: 1,
    });
    // The pool is empty; the project keeps what was paid into it, and its cards show the settled
    // refund. Lists show it only on request (includeCompleted), as every completed project.
    expect(await project()).toMatchObject({ project_status: 'settled', refundable_amount: 13_000 });
    const settledCard = {
      id: projectId,
      status: 'completed',
      refundableCents: 13_000,
      amount: { kind: 'settled-refund', cents: 7_800 },
    };
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.username}` });
    expect(profile.json().completedProjects).toMatchObject([settledCard]);
    const home = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(home.json().featured).toEqual([]);
    const featured = await t.app.inject({
      method: 'GET',
      url: '/api/categories/featured?includeCompleted=true',
    });
    expect(featured.json().projects).toMatchObject([settledCard]);

    const txs = await q<{ idempotency_key: string; code: string; amount_cents: number }>(
      `select t.idempotency_key, a.code, e.amount_cents from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.idempotency_key like 'settlement:%' and t.project_id = $1 order by t.created_at, e.id`,
      [projectId],
    );
    const pool = `pool:${projectId}`;
    const payable = `payable:${owner.user.id}`;
    expect(txs).toEqual(
      expect.arrayContaining([
        { idempotency_key: `settlement:${projectId}:forfeit`, code: pool, amount_cents: -5_200 },
        { idempotency_key: `settlement:${projectId}:forfeit`, code: 'charity', amount_cents: 5_200 },
        { idempotency_key: `settlement:${projectId}:payout`, code: pool, amount_cents: -2_800 },
        { idempotency_key: `settlement:${projectId}:payout`, code: payable, amount_cents: 2_800 },
        { idempotency_key: `settlement:${projectId}:payout-paid:2800`, code: payable, amount_cents: -2_800 },
        { idempotency_key: `settlement:${projectId}:payout-paid:2800`, code: 'card', amount_cents: 2_800 },
        { idempotency_key: `settlement:${projectId}:refund`, code: pool, amount_cents: -5_000 },
        { idempotency_key: `settlement:${projectId}:refund`, code: 'card', amount_cents: 5_000 },
      ]),
    );
    expect(txs).toHaveLength(8);
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(0);
    expect(await balanceOf(t.database.db, ACCOUNTS.charity)).toBe(5_200);
    expect(await balanceOf(t.database.db, ACCOUNTS.payable(owner.user.id))).toBe(0);

    // The card processor refunded the deposit's card once, with the settlement's key.
    const [intent] = await q<{
      refunds: { amountCents: number; idempotencyKey: string }[];
      amount_refunded_cents: number;
    }>(
      `select i.refunds, i.amount_refunded_cents from simulated_payment_intents i
         join projects p on p.payment_intent_id = i.id where p.id = $1`,
      [projectId],
    );
    expect(intent!.amount_refunded_cents).toBe(5_000);
    expect(intent!.refunds).toEqual([
      expect.objectContaining({ amountCents: 5_000, idempotencyKey: `settlement:${projectId}:refund` }),
    ]);
    await assertLedgerInvariants(t.database.db);
  });

  it('shows the settlement statement on the project page and on My Projects', async () => {
    const detail: ProjectDetailResponse = (
      await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` })
    ).json();
    const expected = {
      status: 'refunded',
      statusText: 'Refunded on March 31, 2026',
      settled: true,
      poolCents: 13_000,
      depositCents: 5_000,
      donationsCents: 8_000,
      totalCheckIns: 5,
      missedCheckIns: 2,
      completedCheckIns: 3,
      refundCents: 7_800,
      forfeitCents: 5_200,
      refundToCardCents: 5_000,
      formula: '($50.00 + $80.00) × (1 − 2/5) = $78.00',
      payout: { cents: 2_800, paidCents: 2_800, status: 'paid', note: null },
      lateDonations: { creatorCents: 0, payoutCents: 0, forfeitCents: 0 },
    };
    expect(detail.settlement).toMatchObject(expected);
    expect(detail.settlement!.refundedAt).toBe('2026-03-31T01:00:00.000Z');

    const mine: MyProjectsResponse = (
      await t.app.inject({ method: 'GET', url: '/api/me/projects', headers: { cookie: owner.cookie } })
    ).json();
    expect(mine.activeProjects).toEqual([]);
    expect(mine.completedProjects.map((c) => c.id)).toEqual([projectId]);
    expect(mine.completedProjects[0]!.settlement).toMatchObject(expected);
  });

  it('emails the settlement result once, with the formula and where each part went', async () => {
    const mails = (await ownerMail()).filter((m) => m.subjectText.includes('is settled'));
    expect(mails.map((m) => m.subjectText)).toEqual(['Your project "Write a novel" is settled: $78.00 back']);
    const { text } = mails[0]!;
    expect(text).toContain('You made 3 of 5 check-ins (2 missed)');
    expect(text).toContain('Your refund: ($50.00 + $80.00) × (1 − 2/5) = $78.00.');
    expect(text).toContain('$50.00 is on its way back to the card you paid the deposit with');
    expect(text).toContain('5-10 business days');
    expect(text).toContain('$28.00 from your supporters');
    expect(text).toContain('$52.00 for the missed check-ins goes to charity');
    expect(htmlOf(mails[0]!)).toContain('($50.00 + $80.00) × (1 − 2/5) = $78.00');
    // Every email of the whole life, in order (the donor gave no address, so no receipt).
    expect(await subjects()).toEqual([
      'Your project "Write a novel" has started',
      'You received a donation',
      ...['due today', 'overdue', 'due today', 'overdue', 'due today', 'overdue', 'due today', 'overdue'].map(
        (kind) => `Check-in ${kind}: Write a novel`,
      ),
      'Your project "Write a novel" is settled: $78.00 back',
    ]);
  });
});
