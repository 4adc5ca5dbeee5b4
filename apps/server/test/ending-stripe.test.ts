// Cancelling and ending early on Stripe's API shape (the local fake Stripe API): the money moves only
// through the settle job, the ledger and Stripe, and every cent ends in exactly one place — back on the
// deposit's card, owed or paid to the creator, with the chosen charity, or kept as the fee.
import type { EndingResponse, MoneyHistoryResponse, PaymentIntentResponse } from '@kept/contract';
import { depositFeeCents, donationSplit, donationSplitLine, type CharityId } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sendStripeEvent, startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { walkClock } from './support/jobs.ts';
import { projectDraft, requestDonation, startDeposit } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const DAY = 86_400_000;
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let stripe: FakeStripe;
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env, clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const succeed = async (intentId: string) => {
  const res = await sendStripeEvent(t.app, stripe, 'payment_intent.succeeded', stripe.succeed(intentId));
  expect(res.statusCode, res.body).toBe(200);
};
const balance = (code: string) => balanceOf(t.database.db, code);
const refundsOf = (intentId: string) =>
  stripe.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/refunds' &&
      (r.body as Record<string, string>).payment_intent === intentId,
  );

/** A project paid through Stripe's webhook: its id and the deposit's intent. */
async function stripeProject(title: string, charityId: CharityId) {
  const intent = await startDeposit(
    t.app,
    owner,
    projectDraft({
      title,
      depositCents: 5_000,
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'weeks',
      charityId,
    }),
  );
  await succeed(intent.paymentIntentId);
  const { rows } = await t.database.pool.query(`select id from projects where title = $1`, [title]);
  return { projectId: rows[0].id as string, intentId: intent.paymentIntentId };
}

const stop = (projectId: string, how: 'cancel' | 'end') =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/${how}`,
    headers: { cookie: owner.cookie },
  });

describe('cancelling on Stripe', () => {
  it('refunds the deposit to the card once, keeps the fee, and leaves nothing in the pool', async () => {
    clock.set(new Date('2026-03-01T12:00:00Z'));
    const feesBefore = await balance(ACCOUNTS.processingFees);
    const cardBefore = await balance(ACCOUNTS.card);
    const { projectId, intentId } = await stripeProject('Stripe cancel', 'givedirectly');
    expect(await balance(ACCOUNTS.processingFees)).toBe(feesBefore + depositFeeCents(5_000));

    clock.set(new Date('2026-03-02T11:00:00Z'));
    const res = await stop(projectId, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EndingResponse>()).toEqual({
      outcome: 'cancelled',
      refundToCardCents: 5_000,
      payoutCents: 0,
      forfeitCents: 0,
      feeKeptCents: 290,
    });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue(); // a second run books nothing and calls Stripe no more

    const refunds = refundsOf(intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ amount: '5000' });
    expect(refunds[0]!.headers['idempotency-key']).toBe(`settlement:${projectId}:refund`);
    // Exactly one place for each cent: $50.00 back on the card, $2.90 kept as the fee, nothing else.
    expect(await balance(ACCOUNTS.pool(projectId))).toBe(0);
    expect(await balance(ACCOUNTS.charityOf('givedirectly'))).toBe(0);
    expect(await balance(ACCOUNTS.payable(owner.user.id))).toBe(0);
    expect(await balance(ACCOUNTS.processingFees)).toBe(feesBefore + 290);
    // The card account nets the fee: the charge came in, the deposit went back.
    expect((await balance(ACCOUNTS.card)) - cardBefore).toBe(-290);
    // A cancelled project takes no donation.
    expect(
      (await requestDonation(t.app, projectId, { amountCents: 1_000 })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    await assertLedgerInvariants(t.database.db);
  });
});

describe('ending early on Stripe', () => {
  it('splits the pool once: the deposit part to the card, the rest owed to the creator, F to the charity', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'));
    const { projectId, intentId } = await stripeProject('Stripe end early', 'wikimedia');
    const fan = await createUser(t.app);
    const platformBefore = await balance(ACCOUNTS.platformFees);
    const donation: PaymentIntentResponse = (
      await requestDonation(t.app, projectId, { amountCents: 10_000, donor: fan })
    ).json();
    await succeed(donation.paymentIntentId);
    const pool = 5_000 + donationSplit(10_000).creatorCents;
    expect(await balance(ACCOUNTS.pool(projectId))).toBe(pool);
    // What the donation dialog said before paying is what the ledger booked.
    const said = donationSplitLine(10_000);
    expect(said.text).toBe('$100.00 → $80.00 to the project, $20.00 to Kept');
    expect(await balance(ACCOUNTS.pool(projectId))).toBe(5_000 + said.creatorCents);
    expect((await balance(ACCOUNTS.platformFees)) - platformBefore).toBe(said.platformCents);

    // Week two checked in; weeks three to five never come: m = 3 of t = 5.
    await walkClock(t.app, clock, new Date('2026-03-18T12:00:00Z'), DAY);
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/check-ins`,
      headers: { cookie: owner.cookie },
      payload: { updateText: 'Week two' },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const payableBefore = await balance(ACCOUNTS.payable(owner.user.id));
    const charityBefore = await balance(ACCOUNTS.charityOf('wikimedia'));

    const refund = Math.floor((pool * 2) / 5); // R = floor(P × (t − m) / t) = 5200
    const res = await stop(projectId, 'end');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EndingResponse>()).toEqual({
      outcome: 'ended',
      refundToCardCents: 5_000,
      payoutCents: refund - 5_000,
      forfeitCents: pool - refund,
      feeKeptCents: 0,
    });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();

    const refunds = refundsOf(intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ amount: '5000' });
    expect(await balance(ACCOUNTS.pool(projectId))).toBe(0);
    expect((await balance(ACCOUNTS.charityOf('wikimedia'))) - charityBefore).toBe(pool - refund);
    // No Connect account on the fake: the payout stays owed in the creator's payable account.
    expect((await balance(ACCOUNTS.payable(owner.user.id))) - payableBefore).toBe(refund - 5_000);
    // R + F = P, every cent once.
    expect(5_000 + (refund - 5_000) + (pool - refund)).toBe(pool);

    // The project's page shows the statement at once, not only after the original end date.
    const page = await t.app.inject({ url: `/api/projects/${projectId}` });
    expect(page.json().settlement).toMatchObject({
      settled: true,
      totalCheckIns: 5,
      missedCheckIns: 3,
      refundToCardCents: 5_000,
      forfeitCents: pool - refund,
    });

    // The owner's money history shows the same figures.
    const history: MoneyHistoryResponse = (
      await t.app.inject({ url: '/api/me/money', headers: { cookie: owner.cookie } })
    ).json();
    const mine = history.entries.filter((e) => e.project?.id === projectId);
    expect(mine.map((e) => [e.kind, e.amountCents, e.state])).toEqual(
      expect.arrayContaining([
        ['refund', 5_000, 'refunded'],
        ['payout', refund - 5_000, 'pending'],
        ['donation_received', donationSplit(10_000).creatorCents, 'succeeded'],
        ['deposit', 5_290, 'succeeded'],
      ]),
    );
    await assertLedgerInvariants(t.database.db);
  });
});
