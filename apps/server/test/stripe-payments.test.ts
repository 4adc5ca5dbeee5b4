import { donationSplit } from '@kept/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  deliverWebhook,
  sendStripeEvent,
  startFakeStripe,
  STRIPE_TEST_KEYS,
  type FakeStripe,
} from './support/fake-stripe.ts';
import { projectDraft, requestDonation, startDeposit } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

let stripe: FakeStripe;
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env });
  owner = await createUser(t.app);
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

const deliver = (payload: string, signature: string | undefined) => deliverWebhook(t.app, payload, signature);
const sendEvent = (type: string, intent: Parameters<FakeStripe['event']>[1], id?: string) =>
  sendStripeEvent(t.app, stripe, type, intent, id);

const projectsTitled = (title: string) => q(`select id from projects where title = $1`, [title]);

describe('Stripe settings', () => {
  it('tells the browser to use Stripe, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    });
  });

  it('has no simulated card form', async () => {
    const intent = await startDeposit(t.app, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: {
        paymentId: intent.paymentId,
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('creating intents at Stripe', () => {
  it('creates the PaymentIntent on the server with our idempotency key and the amount we computed', async () => {
    const before = stripe.requests.length;
    const newcomer = await createUser(t.app);
    const intent = await startDeposit(
      t.app,
      newcomer,
      projectDraft({ depositCents: 2_000, title: 'Stripe deposit' }),
    );
    const sent = stripe.requests.slice(before);
    const [row] = await q<{
      idempotency_key: string;
      provider_intent_id: string;
      provider_customer_id: string;
    }>(`select idempotency_key, provider_intent_id, provider_customer_id from payments where id = $1`, [
      intent.paymentId,
    ]);
    const created = sent.find((r) => r.path === '/v1/payment_intents')!;
    expect(created.method).toBe('POST');
    expect(created.headers['idempotency-key']).toBe(row!.idempotency_key);
    expect(created.body).toMatchObject({
      amount: '2170',
      currency: 'usd',
      allowed_payment_method_types: { '0': 'card' },
      metadata: {
        paymentId: intent.paymentId,
        kind: 'deposit',
        userId: newcomer.user.id,
        depositCents: '2000',
        feeCents: '170',
      },
    });
    expect(intent).toMatchObject({
      provider: 'stripe',
      amountCents: 2_170,
      paymentIntentId: row!.provider_intent_id,
      customerId: row!.provider_customer_id,
    });
    expect(intent.paymentIntentId).toMatch(/^pi_fake/);
    expect(intent.customerId).toMatch(/^cus_fake/);
    expect(intent.clientSecret).toBe(stripe.intents.get(intent.paymentIntentId)!.client_secret);
    expect(sent.find((r) => r.path === '/v1/customers')!.body).toMatchObject({ email: newcomer.email });
  });

  it('asks Stripe for the same intent again when the browser retries with its Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'stripe-retry-000001' };
    const first = await startDeposit(t.app, owner, projectDraft(), headers);
    const creates = () =>
      stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').length;
    const count = creates();
    const again = await startDeposit(t.app, owner, projectDraft(), headers);
    expect(again).toEqual(first);
    expect(creates()).toBe(count);
  });

  it("answers 'Failed to create payment intent' when Stripe fails, and a retry with the same key then works", async () => {
    const headers = { 'idempotency-key': 'stripe-fails-000001' };
    stripe.failNext(5);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposit-intent',
      headers: { cookie: owner.cookie, ...headers },
      payload: projectDraft(),
    });
    stripe.failNext(0);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to create payment intent');
    const [row] = await q(
      `select provider_intent_id, status from payments where idempotency_key like '%stripe-fails-000001'`,
    );
    expect(row).toEqual({ provider_intent_id: null, status: 'requires_payment' });

    const retry = await startDeposit(t.app, owner, projectDraft(), headers);
    expect(retry.paymentIntentId).toMatch(/^pi_fake/);
    expect(await q(`select id from payments where idempotency_key like '%stripe-fails-000001'`)).toHaveLength(
      1,
    );
  });

  it('creates donation intents with the spec metadata and no customer', async () => {
    const { projectId } = await paidProject('For donations');
    const res = await requestDonation(t.app, projectId, {
      amountCents: 2_500,
      donorName: 'Grace',
      donorEmail: 'grace@example.com',
    });
    expect(res.statusCode).toBe(200);
    const intent = stripe.intents.get(res.json().paymentIntentId)!;
    expect(intent.amount).toBe(2_500);
    expect(intent.customer).toBeNull();
    expect(intent.metadata).toMatchObject({
      projectId,
      donorName: 'Grace',
      donorEmail: 'grace@example.com',
      donorAnonymous: 'true',
    });
    expect(intent.metadata.donationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** A deposit paid through Stripe: intent, then the signed payment_intent.succeeded webhook. */
async function paidProject(title: string): Promise<{ projectId: string; paymentId: string }> {
  const intent = await startDeposit(t.app, owner, projectDraft({ title }));
  const res = await sendEvent('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));
  expect(res.statusCode).toBe(200);
  const [row] = await q<{ project_id: string }>(`select project_id from payments where id = $1`, [
    intent.paymentId,
  ]);
  return { projectId: row!.project_id, paymentId: intent.paymentId };
}

describe('the Stripe webhook', () => {
  it('credits a payment only for a valid signature: tampered, stale, missing or foreign ones get 400', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Signed only' }));
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));
    const valid = stripe.signed(event.payload);

    const tampered = await deliver(valid.payload.replace('"amount": 5290', '"amount": 1'), valid.signature);
    const stale = stripe.signed(event.payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    const staleRes = await deliver(stale.payload, stale.signature);
    const missing = await deliver(event.payload, undefined);
    const foreign = stripe.signed(event.payload, { secret: 'whsec_someone_else' });
    const foreignRes = await deliver(foreign.payload, foreign.signature);
    const garbage = await deliver(event.payload, 't=1,v1=deadbeef');
    for (const res of [tampered, staleRes, missing, foreignRes, garbage]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    expect(await projectsTitled('Signed only')).toEqual([]);
    expect(await q(`select event_id from processed_events where event_id = $1`, [event.id])).toEqual([]);

    const ok = await deliver(valid.payload, valid.signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await projectsTitled('Signed only')).toHaveLength(1);
  });

  it('credits once when the same event is delivered 10 times at once', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Delivered ten times' }));
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId));
    const { payload, signature } = stripe.signed(event.payload);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect(answers.filter((a) => a.json().outcome === 'duplicate_event')).toHaveLength(9);
    expect(await projectsTitled('Delivered ten times')).toHaveLength(1);
    expect(
      await q(`select id from ledger_transactions where payment_id = $1`, [intent.paymentId]),
    ).toHaveLength(1);
    expect(await q(`select event_id from processed_events where event_id = $1`, [event.id])).toHaveLength(1);
  });

  it('credits once when two different events report the same success', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Two events' }));
    const succeeded = stripe.succeed(intent.paymentIntentId);
    const [a, b] = await Promise.all([
      sendEvent('payment_intent.succeeded', succeeded),
      sendEvent('payment_intent.succeeded', succeeded),
    ]);
    expect([a!.json().outcome, b!.json().outcome].sort()).toEqual(['already_succeeded', 'applied']);
    expect(await projectsTitled('Two events')).toHaveLength(1);
  });

  it('applies events in any order: a failure then a success pays; a late failure never undoes a success', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Out of order' }));
    const declined = stripe.decline(intent.paymentIntentId);
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/payments/${intent.paymentId}/status?clientSecret=${intent.clientSecret}`,
      });

    expect((await sendEvent('payment_intent.payment_failed', declined)).json().outcome).toBe(
      'recorded_failure',
    );
    expect((await status()).json()).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });

    const succeeded = stripe.succeed(intent.paymentIntentId);
    expect((await sendEvent('payment_intent.succeeded', succeeded)).json().outcome).toBe('applied');
    expect((await sendEvent('payment_intent.payment_failed', declined)).json().outcome).toBe(
      'already_succeeded',
    );
    const polled = (await status()).json();
    expect(polled).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect(polled.projectId).toBe((await projectsTitled('Out of order'))[0]!.id);
  });

  it('does not credit an event whose amount differs from our payment, and keeps a note for a person', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Wrong amount' }));
    const succeeded = stripe.succeed(intent.paymentIntentId);
    const res = await sendEvent('payment_intent.succeeded', {
      ...succeeded,
      amount: 100,
      amount_received: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('mismatch');
    expect(await projectsTitled('Wrong amount')).toEqual([]);
    const [row] = await q<{ status: string; failure_message: string }>(
      `select status, failure_message from payments where id = $1`,
      [intent.paymentId],
    );
    expect(row!.status).toBe('requires_payment');
    expect(row!.failure_message).toMatch(/^Amount mismatch/);
    const polled = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${intent.paymentId}/status?clientSecret=${intent.clientSecret}`,
    });
    expect(polled.json().failureMessage).toBe('An error occurred while processing your payment');
  });

  it('acknowledges events it does not handle and intents it does not know', async () => {
    const other = stripe.event(
      'customer.created',
      stripe.succeed((await startDeposit(t.app, owner)).paymentIntentId),
    );
    const signed = stripe.signed(other.payload);
    expect((await deliver(signed.payload, signed.signature)).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const stranger = {
      ...stripe.succeed((await startDeposit(t.app, owner)).paymentIntentId),
      id: 'pi_not_ours',
      metadata: {},
    };
    expect((await sendEvent('payment_intent.succeeded', stranger)).json().outcome).toBe('unknown_payment');
  });

  it('credits a donation 80/20 from the webhook', async () => {
    const { projectId } = await paidProject('Stripe donations');
    const res = await requestDonation(t.app, projectId, { amountCents: 1_999 });
    const { paymentIntentId } = res.json();
    expect(
      (await sendEvent('payment_intent.succeeded', stripe.succeed(paymentIntentId))).json().outcome,
    ).toBe('applied');
    const [project] = await q<{ refundable_amount: number }>(
      `select refundable_amount from projects where id = $1`,
      [projectId],
    );
    expect(project!.refundable_amount).toBe(5_000 + donationSplit(1_999).creatorCents);
  });

  it('reconciliation applies a payment whose webhook never came, reading the intent from Stripe', async () => {
    const intent = await startDeposit(t.app, owner, projectDraft({ title: 'Lost webhook' }));
    stripe.succeed(intent.paymentIntentId);
    // Every payment Stripe says succeeded and we have not applied (earlier tests left some on purpose).
    const unapplied = await q<{ provider_intent_id: string }>(
      `select provider_intent_id from payments where provider = 'stripe' and status <> 'succeeded' and provider_intent_id is not null`,
    );
    const owed = unapplied.filter(
      (p) => stripe.intents.get(p.provider_intent_id)?.status === 'succeeded',
    ).length;
    expect(owed).toBeGreaterThanOrEqual(1);
    const before = stripe.requests.length;
    const summary = await t.app.payments.reconcile({ minAgeMs: 0 });
    expect(summary).toMatchObject({ applied: owed, errors: 0 });
    expect(
      stripe.requests
        .slice(before)
        .some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentIntentId}`),
    ).toBe(true);
    expect(await projectsTitled('Lost webhook')).toHaveLength(1);
    // The webhook arriving late changes nothing.
    expect(
      (await sendEvent('payment_intent.succeeded', stripe.succeed(intent.paymentIntentId))).json().outcome,
    ).toBe('already_succeeded');
  });
});
