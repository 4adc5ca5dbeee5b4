// Payment kinds' effects (decision 024): payments looks a succeeded payment's kind up in a registry the
// features fill; a kind nobody registered is refused clearly, before anything is stored or charged and
// without anything being applied; a registered kind's effect runs exactly once per payment, however
// many times its success is delivered (the card form, a redelivered event, another event, reconciliation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedProvider } from '../src/adapters/payments/simulated.ts';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createPaymentEvents } from '../src/modules/payments/apply-payment-event.ts';
import {
  createPaymentEffects,
  UnknownPaymentKindError,
  type PaymentEffect,
} from '../src/modules/payments/effects.ts';
import { createPaymentService } from '../src/modules/payments/index.ts';
import { depositPaymentEffect } from '../src/modules/projects/create-from-deposit.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import {
  createPaidProject,
  startDeposit,
  startDonation,
  TEST_CARDS,
  GOOD_CVC,
  GOOD_EXPIRY,
} from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const card = { cardNumber: TEST_CARDS.success, expiry: GOOD_EXPIRY, cvc: GOOD_CVC };
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app, { timezone: 'UTC' });
});
afterAll(async () => {
  await t.close();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

/** A payments service like the app's, on the same database, with only `deposit` registered (counted). */
function depositOnly() {
  const runs = new Map<string, number>();
  const deposit = depositPaymentEffect({ baseUrl: 'http://localhost:3000', log: quiet });
  const counted: PaymentEffect = (tx, input) => {
    runs.set(input.payment.id, (runs.get(input.payment.id) ?? 0) + 1);
    return deposit(tx, input);
  };
  const db = t.database.db;
  const provider = createSimulatedProvider(db);
  const effects = createPaymentEffects();
  effects.register('deposit', counted);
  const events = createPaymentEvents({ db, clock, log: quiet, effects });
  const service = createPaymentService({ db, provider, effects, events, clock, log: quiet });
  return { runs, effects, events, service, provider };
}

describe('the payment effects registry', () => {
  it('refuses a kind with no registered effect, naming it and the kinds it knows', () => {
    const effects = createPaymentEffects();
    effects.register('deposit', async () => ({ projectId: 'p' }));
    expect(() => effects.effectOf('donation')).toThrow(UnknownPaymentKindError);
    expect(() => effects.effectOf('donation')).toThrow(
      "No effect is registered for payments of kind 'donation' (registered: deposit)",
    );
    expect(() => effects.effectOf('subscription')).toThrow(
      "No effect is registered for payments of kind 'subscription' (registered: deposit)",
    );
    // A kind outside the contract's enum cannot even be registered, and none twice.
    expect(() => effects.register('subscription' as 'deposit', async () => ({ projectId: 'p' }))).toThrow();
    expect(() => effects.register('deposit', async () => ({ projectId: 'p' }))).toThrow(
      "The 'deposit' payment effect is registered already",
    );
  });

  it('starts no payment of an unregistered kind: nothing stored, nothing sent to the provider', async () => {
    const { service } = depositOnly();
    const before = await q<{ n: number }>('select count(*)::int as n from payments');
    const intents = await q<{ n: number }>('select count(*)::int as n from simulated_payment_intents');
    await expect(
      service.startPayment({
        kind: 'donation',
        amountCents: 1_000,
        userId: null,
        projectId: null,
        draft: null,
        metadata: {},
        description: 'A donation',
        clientKey: undefined,
        request: {},
      }),
    ).rejects.toThrow("No effect is registered for payments of kind 'donation' (registered: deposit)");
    expect(await q('select count(*)::int as n from payments')).toEqual(before);
    expect(await q('select count(*)::int as n from simulated_payment_intents')).toEqual(intents);
  });

  it("runs a registered kind's effect exactly once per payment, however often its success arrives", async () => {
    const { runs, events, service, provider } = depositOnly();
    const intent = await startDeposit(t.app, owner);
    const payment = await service.authorize(intent.paymentId, intent.clientSecret);
    const status = await service.confirmSimulated({ payment, clientSecret: intent.clientSecret, card });
    expect(status).toMatchObject({ status: 'succeeded', kind: 'deposit' });
    expect(runs.get(intent.paymentId)).toBe(1);

    const succeeded = await provider.retrieveIntent(intent.paymentIntentId);
    const deliver = (eventId: string) =>
      events.applyPaymentSucceeded({
        provider: 'simulated',
        eventId,
        type: 'payment_intent.succeeded',
        intent: succeeded,
      });
    expect((await deliver(`sim:${intent.paymentId}:succeeded`)).outcome).toBe('duplicate_event');
    expect((await deliver('evt_another_delivery')).outcome).toBe('already_succeeded');
    clock.advance(120_000);
    expect(await service.reconcile({ minAgeMs: 0 })).toMatchObject({ applied: 0, errors: 0 });
    expect((await t.app.payments.reconcile({ minAgeMs: 0 })).applied).toBe(0);

    expect(runs.get(intent.paymentId)).toBe(1);
    expect(
      await q('select count(*)::int as n from ledger_transactions where payment_id = $1', [intent.paymentId]),
    ).toEqual([{ n: 1 }]);
    expect(await q('select count(*)::int as n from projects where user_id = $1', [owner.user.id])).toEqual([
      { n: 1 },
    ]);
    await assertLedgerInvariants(t.database.db);
  });

  it('applies nothing for a charged payment whose kind has no effect, until a registry that has it does', async () => {
    const project = await createPaidProject(t.app);
    const donation = await startDonation(t.app, project.projectId, { amountCents: 2_000, donorName: 'Ann' });
    const { runs, service } = depositOnly();
    const payment = await service.authorize(donation.paymentId, donation.clientSecret);
    // The card is charged; the event path refuses the kind and rolls back: the payer is told it is
    // processing, and nothing is booked, recorded or made.
    const status = await service.confirmSimulated({ payment, clientSecret: donation.clientSecret, card });
    expect(status).toMatchObject({ status: 'processing', kind: 'donation' });
    expect(runs.size).toBe(0);
    expect(
      await q('select count(*)::int as n from donations where payment_id = $1', [donation.paymentId]),
    ).toEqual([{ n: 0 }]);
    expect(
      await q('select count(*)::int as n from ledger_transactions where payment_id = $1', [
        donation.paymentId,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(
      await q(`select count(*)::int as n from processed_events where event_id = $1`, [
        `sim:${donation.paymentId}:succeeded`,
      ]),
    ).toEqual([{ n: 0 }]);
    await assertLedgerInvariants(t.database.db);

    // The app, whose donations module registered 'donation', applies it once.
    clock.advance(120_000);
    expect((await t.app.payments.reconcile({ minAgeMs: 0 })).applied).toBe(1);
    expect((await t.app.payments.reconcile({ minAgeMs: 0 })).applied).toBe(0);
    expect(
      await q('select count(*)::int as n from donations where payment_id = $1', [donation.paymentId]),
    ).toEqual([{ n: 1 }]);
    await assertLedgerInvariants(t.database.db);
  });
});
