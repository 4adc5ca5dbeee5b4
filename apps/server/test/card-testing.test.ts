// Card testing (decision 004, 2026-11-25): failed card attempts are bounded per payment form (5) and
// per visitor and signed-in user (10 an hour), and an anonymous visitor sees the exact decline reason
// for their first 3 failures only. The simulated card form and Stripe's path (failures the webhook
// reports) keep the same bounds.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { sendStripeEvent, startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { insertProjectRow } from './support/project-rows.ts';
import { GOOD_CVC, GOOD_EXPIRY, TEST_CARDS, createPaidProject } from './support/projects.ts';
import { dataFingerprint } from './support/security.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
const EXACT = 'Your card has insufficient funds.';
const GENERIC = 'Your card was declined.';

type Form = { paymentId: string; clientSecret: string; paymentIntentId: string };

function startForm(app: TestApp, projectId: string, ip: string, donor?: SignedIn) {
  return app.app.inject({
    method: 'POST',
    url: '/api/donations/intent',
    remoteAddress: ip,
    headers: donor ? { cookie: donor.cookie } : {},
    payload: { projectId, amountCents: 500 },
  });
}

async function form(app: TestApp, projectId: string, ip: string, donor?: SignedIn): Promise<Form> {
  const res = await startForm(app, projectId, ip, donor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function tryCard(
  app: TestApp,
  f: Form,
  ip: string,
  card: { cardNumber?: string; expiry?: string } = {},
  donor?: SignedIn,
): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    remoteAddress: ip,
    headers: donor ? { cookie: donor.cookie } : {},
    payload: {
      paymentId: f.paymentId,
      clientSecret: f.clientSecret,
      cardNumber: card.cardNumber ?? TEST_CARDS.insufficientFunds,
      expiry: card.expiry ?? GOOD_EXPIRY,
      cvc: GOOD_CVC,
    },
  });
}

const messageOf = (res: LightMyRequestResponse) =>
  (res.json() as { error: { message: string } }).error.message;

describe('the simulated card form', () => {
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    projectId = (await createPaidProject(t.app)).projectId;
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.database.db);
    await t.close();
  });

  it('tells an anonymous visitor the exact reason 3 times, then only that the card was declined', async () => {
    const ip = '10.40.0.1';
    const f = await form(t, projectId, ip);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await tryCard(t, f, ip);
      expect(res.statusCode).toBe(402);
      messages.push(messageOf(res));
    }
    expect(messages).toEqual([EXACT, EXACT, EXACT, GENERIC, GENERIC]);
    // Nor does the payment's status tell the reason any longer.
    const status = await t.app.inject({
      url: `/api/payments/${f.paymentId}/status?clientSecret=${encodeURIComponent(f.clientSecret)}`,
      remoteAddress: ip,
    });
    expect(status.json()).toMatchObject({ status: 'failed', failureMessage: GENERIC });
  });

  it('takes no further card on a form after 5 declines, not even a good one', async () => {
    const ip = '10.40.0.2';
    const f = await form(t, projectId, ip);
    for (let i = 0; i < 5; i += 1) expect((await tryCard(t, f, ip)).statusCode).toBe(402);
    const before = await dataFingerprint(t.database.pool);
    const good = await tryCard(t, f, ip, { cardNumber: TEST_CARDS.success });
    expect(good.statusCode).toBe(429);
    expect(good.json().error.code).toBe('rate_limited');
    expect(Number(good.headers['retry-after'])).toBeGreaterThan(0);
    expect(await dataFingerprint(t.database.pool)).toEqual(before);
    // A new form works for the same visitor (they have failed 5 times this hour, not 10).
    const next = await form(t, projectId, ip);
    expect((await tryCard(t, next, ip, { cardNumber: TEST_CARDS.success })).statusCode).toBe(200);
  });

  it('stops a visitor after 10 declined cards in an hour, across forms, and lets them try again after it', async () => {
    const ip = '10.40.0.3';
    for (let n = 0; n < 2; n += 1) {
      const f = await form(t, projectId, ip);
      for (let i = 0; i < 5; i += 1) expect((await tryCard(t, f, ip)).statusCode).toBe(402);
    }
    // No new form, and no card on a form started before.
    const refused = await startForm(t, projectId, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held up, and sees the exact reason.
    const other = await form(t, projectId, '10.40.0.4');
    const first = await tryCard(t, other, '10.40.0.4');
    expect(first.statusCode).toBe(402);
    expect(messageOf(first)).toBe(EXACT);
    // An hour later the visitor starts again, with exact reasons again.
    clock.advance(61 * 60_000);
    const again = await form(t, projectId, ip);
    const res = await tryCard(t, again, ip);
    expect(messageOf(res)).toBe(EXACT);
  });

  it('counts only declined cards: a mistyped card is not a failed attempt', async () => {
    const ip = '10.40.0.5';
    const f = await form(t, projectId, ip);
    for (let i = 0; i < 8; i += 1) {
      const res = await tryCard(t, f, ip, { expiry: '13 / 34' });
      expect(res.statusCode).toBe(400);
    }
    const messages: string[] = [];
    for (let i = 0; i < 3; i += 1) messages.push(messageOf(await tryCard(t, f, ip)));
    expect(messages).toEqual([EXACT, EXACT, EXACT]);
    expect((await tryCard(t, f, ip, { cardNumber: TEST_CARDS.success })).statusCode).toBe(200);
  });

  it('gives a signed-in donor every exact reason, within the same bounds', async () => {
    const ip = '10.40.0.6';
    const donor = await createUser(t.app);
    const f = await form(t, projectId, ip, donor);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) messages.push(messageOf(await tryCard(t, f, ip, {}, donor)));
    expect(messages).toEqual([EXACT, EXACT, EXACT, EXACT, EXACT]);
    expect((await tryCard(t, f, ip, {}, donor)).statusCode).toBe(429);
    // Their 10 an hour hold from any address.
    const g = await form(t, projectId, '10.40.0.7', donor);
    for (let i = 0; i < 5; i += 1) expect((await tryCard(t, g, '10.40.0.7', {}, donor)).statusCode).toBe(402);
    expect((await startForm(t, projectId, '10.40.0.8', donor)).statusCode).toBe(429);
  });
});

describe("Stripe's path: failures the webhook reports", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ clock, env: stripe.env });
    const owner = await createUser(t.app);
    projectId = await insertProjectRow(t.database.pool, {
      userId: owner.user.id,
      createdAt: '2026-03-20T00:00:00Z',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const fail = (f: Form, n: number) =>
    sendStripeEvent(
      t.app,
      stripe,
      'payment_intent.payment_failed',
      stripe.decline(f.paymentIntentId),
      `evt_fail_${f.paymentIntentId}_${n}`,
    );

  it('cancels a form at Stripe after its 5th failure, so no further card can be tried on it', async () => {
    const f = await form(t, projectId, '10.41.0.1');
    for (let n = 1; n <= 4; n += 1) expect((await fail(f, n)).statusCode).toBe(200);
    expect(stripe.intents.get(f.paymentIntentId)!.status).toBe('requires_payment_method');
    // A redelivered event is not a second failure.
    expect((await fail(f, 4)).json().outcome).toBe('duplicate_event');
    expect(stripe.intents.get(f.paymentIntentId)!.status).toBe('requires_payment_method');
    expect((await fail(f, 5)).statusCode).toBe(200);
    expect(stripe.intents.get(f.paymentIntentId)!.status).toBe('canceled');
    expect(
      stripe.requests.some((r) => r.method === 'POST' && r.path.endsWith(`${f.paymentIntentId}/cancel`)),
    ).toBe(true);
  });

  it('starts no new form for a visitor whose cards failed 10 times this hour; others go on', async () => {
    const ip = '10.41.0.2';
    for (let k = 0; k < 2; k += 1) {
      const f = await form(t, projectId, ip);
      // The visitor travels with the intent as a keyed hash, never as the address.
      const metadata = stripe.intents.get(f.paymentIntentId)!.metadata;
      expect(metadata.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(JSON.stringify(metadata)).not.toContain(ip);
      for (let n = 1; n <= 5; n += 1) await fail(f, n);
    }
    const refused = await startForm(t, projectId, ip);
    expect(refused.statusCode).toBe(429);
    expect((await startForm(t, projectId, '10.41.0.3')).statusCode).toBe(200);
  });
});
