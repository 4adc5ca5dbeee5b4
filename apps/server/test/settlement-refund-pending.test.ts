// A card refund Stripe answers 'pending' (some cards and banks): the statement says processing, the
// settle job looks at the refund again hourly and at once on Stripe's refund webhook; a success sets the
// refund date; a failure after acceptance books the money back into the pool and refunds it again with a
// new key. The ledger ends with exactly one refund to the card.
import type { ProjectDetailResponse } from '@kept/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ACCOUNTS, balanceOf } from '../src/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sendStripeEvent, startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { HOUR } from './support/jobs.ts';
import { projectDraft, startDeposit } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let stripe: FakeStripe;
let t: TestApp;
let owner: SignedIn;

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const refundCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refundLookups = () =>
  stripe.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/refunds/'));

async function deliver(type: string, object: Parameters<FakeStripe['event']>[1]) {
  const res = await sendStripeEvent(t.app, stripe, type, object);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { outcome: string };
}

/** A paid $50 project of 2 days, checked in on both days (R = $50.00, all of it to the card). */
async function paidProject(title: string): Promise<string> {
  const deposit = await startDeposit(
    t.app,
    owner,
    projectDraft({ title, lengthValue: 2, lengthUnit: 'days', frequencyValue: 1, frequencyUnit: 'days' }),
  );
  await deliver('payment_intent.succeeded', stripe.succeed(deposit.paymentIntentId));
  const [row] = await q<{ id: string }>('select id from projects where title = $1', [title]);
  return row!.id;
}

const settlementOf = async (projectId: string) =>
  (
    await q<{
      state: string;
      refund_id: string | null;
      refunded_at: Date | null;
      refund_key: string;
      attempts: number;
      last_error: string | null;
    }>(
      'select state, refund_id, refunded_at, refund_key, attempts, last_error from settlements where project_id = $1',
      [projectId],
    )
  )[0]!;
const statement = async (projectId: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` })).json() as ProjectDetailResponse)
    .settlement!;

let confirmed: string;
let returned: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env, clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
  confirmed = await paidProject('Pending then refunded');
  returned = await paidProject('Pending then failed');
  for (const day of ['2026-03-01T13:00:00Z', '2026-03-02T12:00:00Z']) {
    clock.set(new Date(day));
    for (const id of [confirmed, returned]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${id}/check-ins`,
        headers: { cookie: owner.cookie },
        payload: { updateText: 'Done' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  stripe.refundStatus('pending');
  clock.set(new Date('2026-03-03T06:00:00Z')); // past the end (midnight after day 2) and the grace hour
  await t.app.jobs.runDue();
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('a card refund Stripe answers pending', () => {
  it('is booked and shown as processing, not as refunded', async () => {
    expect(refundCreates()).toHaveLength(2);
    for (const id of [confirmed, returned]) {
      const s = await settlementOf(id);
      expect(s).toMatchObject({ state: 'refunded', refunded_at: null });
      expect(s.refund_id).toMatch(/^re_/);
      expect(await statement(id)).toMatchObject({
        status: 'processing',
        statusText: 'Processing — 5-10 business days',
        refundedAt: null,
      });
      expect(await balanceOf(t.database.db, ACCOUNTS.pool(id))).toBe(0);
    }
    // Nothing is looked up before the hourly check is due.
    await t.app.jobs.runDue();
    expect(refundLookups()).toHaveLength(0);
    await assertLedgerInvariants(t.database.db);
  });

  it('is looked at again hourly while Stripe keeps it pending', async () => {
    clock.set(new Date(clock.now().getTime() + HOUR));
    await t.app.jobs.runDue();
    expect(refundLookups()).toHaveLength(2);
    expect((await settlementOf(confirmed)).refunded_at).toBeNull();
  });

  it("gets its refund date at once when Stripe's webhook says it succeeded", async () => {
    const refundId = (await settlementOf(confirmed)).refund_id!;
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    const outcome = await deliver('refund.updated', stripe.settleRefund(refundId, 'succeeded'));
    expect(outcome.outcome).toBe('refund_check_queued');
    await t.app.jobs.runDue();
    expect(refundLookups().filter((r) => r.path === `/v1/refunds/${refundId}`)).toHaveLength(2);
    expect((await settlementOf(confirmed)).refunded_at).toEqual(clock.now());
    expect(await statement(confirmed)).toMatchObject({
      status: 'refunded',
      statusText: 'Refunded on March 3, 2026',
    });
    // No refund check is left waiting; one the drain's worker is still finishing (locked) is waited for.
    await expect
      .poll(() => q('select key from graphile_worker.jobs where key like $1', [`%:${confirmed}`]))
      .toEqual([]);
    expect(refundCreates()).toHaveLength(2);
  });

  it('answers a refund webhook that is not ours without effect', async () => {
    const outcome = await deliver('refund.updated', {
      id: 're_someone_else',
      object: 'refund',
      amount: 100,
      payment_intent: 'pi_x',
      status: 'succeeded',
    });
    expect(outcome.outcome).toBe('unknown_refund');
  });

  it('books a refund that failed after acceptance back into the pool, then refunds it again with a new key', async () => {
    const first = await settlementOf(returned);
    stripe.settleRefund(first.refund_id!, 'failed');
    stripe.refundStatus('succeeded');
    clock.set(new Date(clock.now().getTime() + HOUR)); // the hourly check finds it failed
    await t.app.jobs.runDue();
    const failed = await settlementOf(returned);
    expect(failed).toMatchObject({ state: 'failed', refund_id: null, refunded_at: null });
    expect(failed.refund_key).toBe(`settlement:${returned}:refund:2`);
    expect(failed.last_error).toMatch(/failed after the payment provider accepted it/);
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(returned))).toBe(5_000);
    expect(await statement(returned)).toMatchObject({ status: 'failed', statusText: 'Failed, retrying' });
    await assertLedgerInvariants(t.database.db);

    clock.set(new Date(clock.now().getTime() + HOUR)); // past the 5-minute backoff
    await t.app.jobs.runDue();
    const again = refundCreates().at(-1)!;
    expect(refundCreates()).toHaveLength(3);
    expect(again.headers['idempotency-key']).toBe(`settlement:${returned}:refund:2`);
    expect(again.body).toMatchObject({ amount: '5000' });
    const done = await settlementOf(returned);
    expect(done.state).toBe('refunded');
    expect(done.refunded_at).toEqual(clock.now());
    expect(await balanceOf(t.database.db, ACCOUNTS.pool(returned))).toBe(0);

    // Net, the card got the deposit back once: refund, returned, refund again.
    const entries = await q<{ key: string; amount: number }>(
      `select t.idempotency_key as key, e.amount_cents::int as amount from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.project_id = $1 and a.code = $2 order by t.created_at, t.idempotency_key`,
      [returned, ACCOUNTS.pool(returned)],
    );
    expect(entries).toEqual([
      { key: expect.stringMatching(/^payment:/), amount: 5_000 },
      { key: `settlement:${returned}:refund`, amount: -5_000 },
      { key: `settlement:${returned}:refund-returned:${first.refund_id}`, amount: 5_000 },
      { key: `settlement:${returned}:refund:2`, amount: -5_000 },
    ]);
    const [project] = await q('select project_status, refundable_amount from projects where id = $1', [
      returned,
    ]);
    expect(project).toEqual({ project_status: 'settled', refundable_amount: 5_000 });
    await assertLedgerInvariants(t.database.db);
  });
});
