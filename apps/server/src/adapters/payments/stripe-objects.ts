// Stripe's objects (from its API or inside a webhook event) in provider-neutral terms. Only Stripe's
// types are imported here, so the webhook's handling reads events without loading the SDK itself.
import type Stripe from 'stripe';
import type { ProviderIntent, ProviderRefund } from './provider.ts';

function mapStatus(intent: Stripe.PaymentIntent): ProviderIntent['status'] {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_payment';
    default:
      return 'requires_payment';
  }
}

/** Stripe's refund statuses: succeeded; failed or canceled (the money came back to us); else pending. */
export function fromStripeRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { id: refund.id, amountCents: refund.amount, status };
}

/** A Stripe PaymentIntent (from the API or inside a webhook event) in provider-neutral terms. */
export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const customer = intent.customer;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received ?? 0,
    currency: intent.currency,
    status: mapStatus(intent),
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
  };
}
