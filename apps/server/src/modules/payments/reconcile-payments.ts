// Apply payments the provider reports as succeeded that we have not applied (a crash, a lost webhook),
// and expire abandoned ones: the 'reconcile_payments' job. Safe to run any time, on any number of
// instances: a success takes the same event path, an expiry is a provider cancel then a conditional
// update. It walks every open payment at least `minAgeMs` old, oldest first, in batches keyed on
// (created_at, id): each batch is one short read, and no transaction is open during provider calls.
// However many payment forms are left open, every one is looked at on every run.
import { ProviderError, type ProviderIntent } from '../../adapters/payments/provider.ts';
import type { PaymentEvents } from './apply-payment-event.ts';
import { OPEN_STATUSES, PAYMENT_MESSAGES, type PaymentDeps } from './deps.ts';
import { openPayments, updatePaymentIf, type OpenPayment } from './queries.ts';

/** A payment still open this long after it was started is abandoned: cancelled at the provider and marked. */
export const PAYMENT_EXPIRY_MS = 24 * 3_600_000;
const RECONCILE_BATCH = 100;

type ReconcileDeps = PaymentDeps & { events: PaymentEvents };

export type ReconcileSummary = { checked: number; applied: number; expired: number; errors: number };

export async function reconcilePayments(
  deps: ReconcileDeps,
  opts: { minAgeMs?: number; expireAfterMs?: number; batchSize?: number } = {},
): Promise<ReconcileSummary> {
  const { db, provider, clock, log } = deps;
  const now = clock.now().getTime();
  const olderThan = new Date(now - (opts.minAgeMs ?? 60_000));
  const expireBefore = new Date(now - (opts.expireAfterMs ?? PAYMENT_EXPIRY_MS));
  const batchSize = opts.batchSize ?? RECONCILE_BATCH;
  const summary = { checked: 0, applied: 0, expired: 0, errors: 0 };
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await openPayments(db, { provider: provider.name, olderThan, after, limit: batchSize });
    for (const open of batch) {
      summary.checked += 1;
      try {
        const outcome = await reconcileOne(deps, open, expireBefore);
        if (outcome === 'applied') summary.applied += 1;
        if (outcome === 'expired') summary.expired += 1;
      } catch (err) {
        summary.errors += 1;
        log.error({ err, paymentId: open.id }, 'reconciliation could not settle a payment');
      }
    }
    const last = batch[batch.length - 1];
    if (!last || batch.length < batchSize) break;
    after = { at: last.at, id: last.id };
  }
  if (summary.applied > 0 || summary.expired > 0 || summary.errors > 0)
    log.info(summary, 'payments reconciled');
  return summary;
}

/**
 * One open payment: book it if the provider took the money; expire it if it was opened before
 * `expireBefore` and never paid (cancelled at the provider first, so it can never be charged after).
 */
async function reconcileOne(
  deps: ReconcileDeps,
  open: OpenPayment,
  expireBefore: Date,
): Promise<'applied' | 'expired' | 'open'> {
  const { provider } = deps;
  const applied = async (intent: ProviderIntent) =>
    (
      await deps.events.applyPaymentSucceeded({
        provider: provider.name,
        eventId: `reconcile:${open.id}:succeeded`,
        type: 'reconcile.payment_succeeded',
        intent,
      })
    ).outcome === 'applied'
      ? 'applied'
      : 'open';
  /** An open payment that can never be paid any more: canceled, unless an event settled it first. */
  const expired = async () =>
    (await updatePaymentIf(deps.db, open.id, OPEN_STATUSES, {
      status: 'canceled',
      failureMessage: PAYMENT_MESSAGES.expired,
      updatedAt: deps.clock.now(),
    }))
      ? 'expired'
      : 'open';

  const old = open.createdAt.getTime() < expireBefore.getTime();
  if (!open.intentId) {
    // Stored, but the provider's answer never reached the row: no client secret left the server,
    // so no one can pay it.
    return old ? expired() : 'open';
  }
  let intent = await provider.retrieveIntent(open.intentId);
  if (intent.status === 'succeeded') return applied(intent);
  if (intent.status === 'canceled') return expired();
  if (!old || intent.status === 'processing') return 'open';
  try {
    intent = await provider.cancelIntent(open.intentId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // Refused: the payer may have paid between our two calls. Ask again: a success is booked.
    intent = await provider.retrieveIntent(open.intentId);
    if (intent.status === 'succeeded') return applied(intent);
    if (intent.status !== 'canceled') throw err;
  }
  if (intent.status !== 'canceled') return 'open';
  return expired();
}
