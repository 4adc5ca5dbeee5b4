// The one event path every payment outcome takes: the simulated card form's confirm, Stripe's webhook
// and reconciliation all call applyPaymentSucceeded / applyPaymentFailed. One database transaction:
//   1. record the event id in processed_events (already there → stop: a redelivery);
//   2. lock the payments row (already succeeded → stop: another event got there first);
//   3. check the provider's amount and currency against our row (mismatch → nothing is credited);
//   4. apply the effects (deposit → project + ledger; donation → donation row + ledger) and mark it;
//      their emails are queued as jobs in the same transaction (sent only if it commits).
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ProviderIntent, ProviderName } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { payments, processedEvents } from '../../db/schema.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import { applyDonation } from '../donations/apply.ts';
import type { Tx } from '../ledger/ledger.ts';
import { createProjectFromDeposit } from '../projects/create-from-deposit.ts';

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

export type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type PaymentRow = typeof payments.$inferSelect;

class AmountMismatch extends Error {
  readonly paymentId: string;
  constructor(paymentId: string, message: string) {
    super(message);
    this.paymentId = paymentId;
  }
}

export const FAILED_PAYMENT_MESSAGE = 'An error occurred while processing your payment';

export function createPaymentEvents(deps: { db: Db; clock: Clock; baseUrl: string; log: Log }) {
  const { db, log } = deps;

  /** Our row for the provider's intent (by intent id; else by the paymentId we put in its metadata), locked. */
  async function lockPayment(
    tx: Tx,
    provider: ProviderName,
    intent: ProviderIntent,
  ): Promise<PaymentRow | undefined> {
    const byIntent = and(eq(payments.provider, provider), eq(payments.providerIntentId, intent.id));
    const paymentId = intent.metadata.paymentId;
    const where =
      paymentId && /^[0-9a-f-]{36}$/i.test(paymentId)
        ? or(
            byIntent,
            and(
              eq(payments.id, paymentId),
              eq(payments.provider, provider),
              or(isNull(payments.providerIntentId), eq(payments.providerIntentId, intent.id)),
            ),
          )
        : byIntent;
    const [row] = await tx.select().from(payments).where(where).limit(1).for('update');
    return row;
  }

  async function recordEvent(tx: Tx, event: PaymentEvent): Promise<boolean> {
    const inserted = await tx
      .insert(processedEvents)
      .values({ provider: event.provider, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    return inserted.length > 0;
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
        const payment = await lockPayment(tx, event.provider, event.intent);
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

        const now = deps.clock.now();
        const applying: PaymentRow = { ...payment, providerIntentId: event.intent.id };
        const customerId = event.intent.customerId ?? payment.providerCustomerId;
        let projectId: string;
        if (payment.kind === 'deposit') {
          const made = await createProjectFromDeposit(tx, {
            payment: applying,
            customerId,
            now,
            baseUrl: deps.baseUrl,
            log,
          });
          projectId = made.projectId;
          if (made.welcome) await queueEmail(tx, `welcome:${payment.id}`, made.welcome);
        } else {
          const made = await applyDonation(tx, { payment: applying, baseUrl: deps.baseUrl });
          projectId = made.projectId;
          for (const [name, email] of Object.entries(made.emails))
            await queueEmail(tx, `donation-${name}:${payment.id}`, email);
        }
        await tx
          .update(payments)
          .set({
            status: 'succeeded',
            providerIntentId: event.intent.id,
            providerCustomerId: customerId,
            projectId,
            failureMessage: null,
            succeededAt: now,
            updatedAt: sql`now()`,
          })
          .where(eq(payments.id, payment.id));
        return { outcome: 'applied', paymentId: payment.id, projectId };
      });
    } catch (err) {
      if (!(err instanceof AmountMismatch)) throw err;
      // Nothing was credited (the transaction rolled back). Keep a note on the payment for a person.
      log.error(
        { paymentId: err.paymentId, eventId: event.eventId, detail: err.message },
        'payment amount mismatch: not credited',
      );
      await db
        .update(payments)
        .set({ failureMessage: `Amount mismatch: ${err.message}`, updatedAt: sql`now()` })
        .where(eq(payments.id, err.paymentId));
      return { outcome: 'mismatch', paymentId: err.paymentId, projectId: null };
    }
    if (result.outcome === 'applied') log.info({ ...result, eventId: event.eventId }, 'payment applied');
    return result;
  }

  async function applyPaymentFailed(event: PaymentEvent): Promise<ApplyResult> {
    return db.transaction(async (tx): Promise<ApplyResult> => {
      const none = { paymentId: null, projectId: null };
      if (!(await recordEvent(tx, event))) return { outcome: 'duplicate_event', ...none };
      const payment = await lockPayment(tx, event.provider, event.intent);
      if (!payment) return { outcome: 'unknown_payment', ...none };
      // A late failure never undoes a success (events may arrive in any order).
      if (payment.status === 'succeeded')
        return { outcome: 'already_succeeded', paymentId: payment.id, projectId: payment.projectId };
      // Nor reopens an expired payment: its intent was cancelled and can never be paid.
      if (payment.status === 'canceled')
        return { outcome: 'recorded_failure', paymentId: payment.id, projectId: payment.projectId };
      await tx
        .update(payments)
        .set({
          status: 'failed',
          providerIntentId: event.intent.id,
          failureMessage: event.intent.lastError ?? FAILED_PAYMENT_MESSAGE,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
      return { outcome: 'recorded_failure', paymentId: payment.id, projectId: payment.projectId };
    });
  }

  return { applyPaymentSucceeded, applyPaymentFailed };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
