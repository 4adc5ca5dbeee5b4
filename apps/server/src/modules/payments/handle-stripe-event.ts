// A verified Stripe event: a payment outcome takes the event path (a failed card is counted by card
// testing, and a form that has used its failed attempts is canceled at Stripe); a refund that changed
// is looked at again by settlement; anything else is acknowledged and ignored.
import type Stripe from 'stripe';
import type { StripeProvider } from '../../adapters/payments/stripe.ts';
import { fromStripeIntent } from '../../adapters/payments/stripe-objects.ts';
import type { PaymentEvents } from './apply-payment-event.ts';
import type { CardTestingGuard } from './card-testing.ts';
import type { Log } from './deps.ts';

/** Stripe's events for a refund whose status changed (a pending card refund succeeded or failed). */
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed', 'charge.refund.updated']);

export async function handleStripeEvent(
  deps: {
    provider: StripeProvider;
    events: PaymentEvents;
    cardTesting: CardTestingGuard;
    /** A refund changed at Stripe (settlement looks at it again now); true when it is one of ours. */
    refundChanged: (refundId: string) => Promise<boolean>;
    log: Log;
  },
  event: Stripe.Event,
): Promise<{ received: true; outcome: string }> {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const paymentEvent = {
      provider: 'stripe' as const,
      eventId: event.id,
      type: event.type,
      intent: fromStripeIntent(event.data.object),
    };
    const result =
      event.type === 'payment_intent.succeeded'
        ? await deps.events.applyPaymentSucceeded(paymentEvent)
        : await deps.events.applyPaymentFailed(paymentEvent);
    if (result.outcome === 'recorded_failure' && result.paymentId) {
      // A card failed on one of our forms: counted. Once the form, or whoever started it, has used
      // its failed attempts, the form is canceled at Stripe and takes no further card.
      if (await deps.cardTesting.recordFailure(result.paymentId)) {
        await deps.provider.cancelIntent(paymentEvent.intent.id).catch((err: unknown) => {
          deps.log.error({ err, paymentId: result.paymentId }, 'could not cancel a payment form at Stripe');
        });
      }
    }
    return { received: true, outcome: result.outcome };
  }
  if (REFUND_EVENTS.has(event.type)) {
    const refund = event.data.object as { object?: string; id?: unknown };
    if (refund.object === 'refund' && typeof refund.id === 'string') {
      const ours = await deps.refundChanged(refund.id);
      return { received: true, outcome: ours ? 'refund_check_queued' : 'unknown_refund' };
    }
  }
  return { received: true, outcome: 'ignored' };
}
