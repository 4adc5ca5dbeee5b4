// Settlement with Stripe (a local fake of its API): the card refund is a Stripe refund of the
// deposit's PaymentIntent with the settlement's idempotency key; a failed refund is shown ('failed,
// retrying'), not retried before its backoff, then retried with the same key; the payout above the
// deposit stays owed to the creator (no Connect account), visible and retried.
import type { PaymentIntentResponse, ProjectDetailResponse } from '@kept/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_PAYOUT_PENDING } from '../src/adapters/payments/stripe.ts';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sendStripeEvent, startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { HOUR, sentMail } from './support/jobs.ts';
import { projectDraft, requestDonation, startDeposit } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let stripe: FakeStripe;
let t: TestApp;
let owner: SignedIn;
let projectId: string;
let depositIntentId: string;

const sendSucceeded = async (intentId: string) => {
  const res = await sendStripeEvent(t.app, stripe, 'payment_intent.succeeded', stripe.succeed(intentId));
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env, clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  // $50 deposit, 2 days, daily: t = 2; a $100 donation (share $80) → P = $130.00.
  const deposit = await startDeposit(
    t.app,
    owner,
    projectDraft({
      title: 'Stripe sprint',
      lengthValue: 2,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'days',
    }),
  );
  depositIntentId = deposit.paymentIntentId;
  await sendSucceeded(depositIntentId);
  const [row] = (await t.database.pool.query(`select id from projects where title = 'Stripe sprint'`)).rows;
  projectId = row.id;
  const donation: PaymentIntentResponse = (
    await requestDonation(t.app, projectId, { amountCents: 10_000 })
  ).json();
  await sendSucceeded(donation.paymentIntentId);
  // Check in on day 2: nothing missed, so R = P = $130.00: $50.00 to the card, $80.00 owed as a payout.
  clock.set(new Date('2026-03-02T12:00:00Z'));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/check-ins`,
    headers: { cookie: owner.cookie },
    payload: { updateText: 'Done!' },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobs.runDue();
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const refundRequests = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const statement = async () =>
  ((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` })).json() as ProjectDetailResponse)
    .settlement!;

describe('settlement with Stripe', () => {
  it('shows a failed refund as failed, retrying, and keeps the payout owed and visible', async () => {
    clock.set(new Date('2026-03-03T01:00:00Z')); // end (03-02 23:59:59.999) + 1 h
    stripe.failNext(1);
    await t.app.jobs.runDue();
    expect(refundRequests()).toHaveLength(1);
    const [s] = await q(
      'select state, attempts, next_attempt_at, last_error, payout_status from settlements',
    );
    expect(s).toMatchObject({ state: 'failed', attempts: 1, payout_status: 'pending' });
    expect((s!.next_attempt_at as Date).toISOString()).toBe('2026-03-03T01:05:00.000Z');
    expect(s!.last_error).toMatch(/Stripe refund failed/);

    expect(await statement()).toMatchObject({
      status: 'failed',
      statusText: 'Failed, retrying',
      attempts: 1,
      nextAttemptAt: '2026-03-03T01:05:00.000Z',
      refundCents: 13_000,
      refundToCardCents: 5_000,
      forfeitCents: 0,
      formula: '($50.00 + $80.00) × (1 − 0/2) = $130.00',
      payout: { cents: 8_000, paidCents: 0, status: 'pending', note: STRIPE_PAYOUT_PENDING },
    });
    // Owed, in the ledger: the payout sits in the creator's payable account; the refund is still in the pool.
    expect(await balanceOf(t.database.db, ACCOUNTS.payable(owner.user.id))).toBe(8_000);
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(projectId))).toBe(5_000);
    await assertLedgerInvariants(t.database.db);
  });

  it('does not retry before the backoff, then refunds with the same idempotency key', async () => {
    clock.set(new Date('2026-03-03T01:04:59Z'));
    await t.app.jobs.runDue();
    expect(refundRequests()).toHaveLength(1);
    clock.set(new Date('2026-03-03T01:05:00Z'));
    await t.app.jobs.runDue();
    const requests = refundRequests();
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.headers['idempotency-key']).toBe(`settlement:${projectId}:refund`);
      expect(r.body).toMatchObject({ payment_intent: depositIntentId, amount: '5000' });
    }
    expect(await q('select state, attempts, payout_status from settlements')).toEqual([
      { state: 'payout_pending', attempts: 2, payout_status: 'pending' },
    ]);
    expect(await statement()).toMatchObject({
      status: 'refunded',
      statusText: 'Refunded on March 3, 2026',
      payout: { cents: 8_000, status: 'pending' },
    });
    expect(
      await q('select project_status, refundable_amount from projects where id = $1', [projectId]),
    ).toEqual([{ project_status: 'settled', refundable_amount: 13_000 }]);
    const mail = (await sentMail(t)).find(
      (m) => m.subjectText === 'Your project "Stripe sprint" is settled: $130.00 back',
    );
    expect(mail!.text).toContain(
      "$80.00 from your supporters' donations is owed to you and will be paid out",
    );
    expect(mail!.text).toContain('You made every check-in: nothing was forfeited.');
    await assertLedgerInvariants(t.database.db);
  });

  it('tries the payout again with backoff, and keeps it owed meanwhile', async () => {
    const before = await q<{ payout_attempts: number }>('select payout_attempts from settlements');
    clock.set(new Date(clock.now().getTime() + 3 * HOUR));
    await t.app.jobs.runDue();
    const [after] = await q<{ payout_attempts: number; payout_status: string; payout_next_attempt_at: Date }>(
      'select payout_attempts, payout_status, payout_next_attempt_at from settlements',
    );
    expect(after!.payout_attempts).toBe(before[0]!.payout_attempts + 1);
    expect(after!.payout_status).toBe('pending');
    expect(after!.payout_next_attempt_at.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(refundRequests()).toHaveLength(2);
    // Its next try is on the settlement row; settlement_due queues the job again when it is due.
    expect(await q(`select key from graphile_worker.jobs where key = $1`, [`settle:${projectId}`])).toEqual(
      [],
    );
    clock.set(after!.payout_next_attempt_at);
    expect((await t.app.jobs.runDue()).ran.settle).toBe(1);
    const [again] = await q<{ payout_attempts: number }>('select payout_attempts from settlements');
    expect(again!.payout_attempts).toBe(after!.payout_attempts + 1);
    expect(await balanceOf(t.database.db, ACCOUNTS.payable(owner.user.id))).toBe(8_000);
  });
});
