// The one event path every payment outcome takes: the simulated card form's confirm, Stripe's webhook
// and reconciliation all call applyPaymentSucceeded / applyPaymentFailed. One database transaction:
//   1. record the event id in processed_events (already there → stop: a redelivery);
//   2. lock the payments row (already succeeded → stop: another event got there first);
//   3. check the provider's amount and currency against our row (mismatch → nothing is credited);
//   4. run the effect registered for the payment's kind (effects.ts: deposit → project + ledger;
//      donation → donation row + ledger; their emails are queued as jobs in the same transaction) and
//      mark the payment succeeded. A kind with no registered effect is refused: nothing is recorded.
import type { ProviderIntent, ProviderName } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { FAILED_PAYMENT_MESSAGE, type Log, type PaymentRow } from './deps.ts';
import type { PaymentEffects } from './effects.ts';
import { lockPaymentForIntent, recordEvent, updatePayment } from './queries.ts';

export type PaymentEvent = {
  provider: ProviderName;
  /** Unique per delivery source: Stripe's event id, 'sim:{paymentId}:succeeded', 'reconcile:{paymentId}:succeeded'. */
  eventId: string;
  type: string;
  /** The provider's record of the intent: amounts are read from here, never from the browser. */
  intent: ProviderIntent;
};

export type ApplyResult = {
  outcome:
    | 'applied'
    | 'duplicate_event'
    | 'already_succeeded'
    | 'unknown_payment'
    | 'not_succeeded'
    | 'mismatch'
    | 'recorded_failure';
  paymentId: string | null;
  projectId: string | null;
};

class AmountMismatch extends Error {
  readonly paymentId: string;
  constructor(paymentId: string, message: string) {
    super(message);
    this.paymentId = paymentId;
  }
}

function checkAmounts(payment: PaymentRow, intent: ProviderIntent): void {
  if (
    intent.amountCents !== payment.amountCents ||
    intent.amountReceivedCents !== payment.amountCents ||
    intent.currency.toLowerCase() !== payment.currency
  ) {
    throw new AmountMismatch(
      payment.id,
      `provider says ${intent.amountReceivedCents}/${intent.amountCents} ${intent.currency}, we expect ${payment.amountCents} ${payment.currency}`,
    );
  }
}

export function createPaymentEvents(deps: { db: Db; clock: Clock; log: Log; effects: PaymentEffects }) {
  const { db, clock, log, effects } = deps;

  async function applyPaymentSucceeded(event: PaymentEvent): Promise<ApplyResult> {
    const none = { paymentId: null, projectId: null };
    if (event.intent.status !== 'succeeded') {
      log.warn(
        { eventId: event.eventId, intentId: event.intent.id },
        'payment-succeeded event for an intent that has not succeeded',
      );
      return { outcome: 'not_succeeded', ...none };
    }
    let result: ApplyResult;
    try {
      result = await db.transaction(async (tx): Promise<ApplyResult> => {
        if (!(await recordEvent(tx, event))) return { outcome: 'duplicate_event', ...none };
        const payment = await lockPaymentForIntent(tx, event.provider, event.intent);
        if (!payment) {
          log.warn(
            { eventId: event.eventId, intentId: event.intent.id },
            'payment event for an unknown intent',
          );
          return { outcome: 'unknown_payment', ...none };
        }
        if (payment.status === 'succeeded')
          return { outcome: 'already_succeeded', paymentId: payment.id, projectId: payment.projectId };
        checkAmounts(payment, event.intent);
        const effect = effects.effectOf(payment.kind);

        const now = clock.now();
        const customerId = event.intent.customerId ?? payment.providerCustomerId;
        const { projectId } = await effect(tx, {
          payment: { ...payment, providerIntentId: event.intent.id },
          customerId,
          now,
        });
        await updatePayment(tx, payment.id, {
          status: 'succeeded',
          providerIntentId: event.intent.id,
          providerCustomerId: customerId,
          projectId,
          failureMessage: null,
          succeededAt: now,
          updatedAt: now,
        });
        return { outcome: 'applied', paymentId: payment.id, projectId };
      });
    } catch (err) {
      if (!(err instanceof AmountMismatch)) throw err;
      // Nothing was credited (the transaction rolled back). Keep a note on the payment for a person.
      log.error(
        { paymentId: err.paymentId, eventId: event.eventId, detail: err.message },
        'payment amount mismatch: not credited',
      );
      await updatePayment(db, err.paymentId, {
        failureMessage: `Amount mismatch: ${err.message}`,
        updatedAt: clock.now(),
      });
      return { outcome: 'mismatch', paymentId: err.paymentId, projectId: null };
    }
    if (result.outcome === 'applied') log.info({ ...result, eventId: event.eventId }, 'payment applied');
    return result;
  }

  async function applyPaymentFailed(event: PaymentEvent): Promise<ApplyResult> {
    return db.transaction(async (tx): Promise<ApplyResult> => {
      const none = { paymentId: null, projectId: null };
      if (!(await recordEvent(tx, event))) return { outcome: 'duplicate_event', ...none };
      const payment = await lockPaymentForIntent(tx, event.provider, event.intent);
      if (!payment) return { outcome: 'unknown_payment', ...none };
      // A late failure never undoes a success (events may arrive in any order).
      if (payment.status === 'succeeded')
        return { outcome: 'already_succeeded', paymentId: payment.id, projectId: payment.projectId };
      // Nor reopens an expired payment: its intent was cancelled and can never be paid.
      if (payment.status === 'canceled')
        return { outcome: 'recorded_failure', paymentId: payment.id, projectId: payment.projectId };
      await updatePayment(tx, payment.id, {
        status: 'failed',
        providerIntentId: event.intent.id,
        failureMessage: event.intent.lastError ?? FAILED_PAYMENT_MESSAGE,
        updatedAt: clock.now(),
      });
      return { outcome: 'recorded_failure', paymentId: payment.id, projectId: payment.projectId };
    });
  }

  return { applyPaymentSucceeded, applyPaymentFailed };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
