// The production payment provider: Stripe PaymentIntents created by our server with idempotency keys
// (the browser only confirms them with the Payment Element), and webhooks verified on the raw body.
// STRIPE_API_URL points the SDK at another host (tests run a fake Stripe API on 127.0.0.1).
import Stripe from 'stripe';
import type {
  CreateIntentInput,
  PaymentProvider,
  ProviderPayout,
  ProviderRefund,
  RefundInput,
} from './provider.ts';
import { ProviderError } from './provider.ts';
import { fromStripeIntent, fromStripeRefund } from './stripe-objects.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl?: string;
};

export type StripeProvider = PaymentProvider & {
  readonly name: 'stripe';
  /** The event if the signature over the raw body is valid and recent; throws otherwise. */
  verifyWebhook: (rawBody: Buffer, signature: string) => Stripe.Event;
};

export const STRIPE_PAYOUT_PENDING =
  'Waiting for the creator to connect a payout account (Stripe Connect); the amount stays owed to them.';

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) options.port = Number(url.port);
  }
  return options;
}

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new ProviderError(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  };

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent(input: CreateIntentInput) {
      let customerId: string | undefined;
      if (input.customer) {
        const { existingId, email, userId } = input.customer;
        customerId =
          existingId ??
          (
            await call('customer creation', () =>
              stripe.customers.create(
                { email, metadata: { userId } },
                { idempotencyKey: `${input.idempotencyKey}:customer` },
              ),
            )
          ).id;
      }
      const intent = await call('payment intent creation', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            // Card only: deposits are refunded to the card that paid them at settlement.
            allowed_payment_method_types: ['card'],
            metadata: input.metadata,
            ...(customerId ? { customer: customerId } : {}),
            ...(input.description ? { description: input.description } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return fromStripeIntent(intent);
    },

    async retrieveIntent(id) {
      return fromStripeIntent(
        await call('payment intent retrieval', () => stripe.paymentIntents.retrieve(id)),
      );
    },

    /**
     * Cancelling twice changes nothing, so no idempotency key: a kept answer would replay a refusal.
     * Stripe refuses (400) to cancel a succeeded intent; the caller then asks for it again.
     */
    async cancelIntent(id) {
      return fromStripeIntent(
        await call('payment intent cancellation', () =>
          stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }),
        ),
      );
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      const refund = await call('refund', () =>
        stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return fromStripeRefund(refund);
    },

    async retrieveRefund(id: string): Promise<ProviderRefund> {
      return fromStripeRefund(await call('refund retrieval', () => stripe.refunds.retrieve(id)));
    },

    /**
     * A payout needs a Stripe Connect account for the creator (a transfer to `destination`). Kept does
     * not onboard creators to Connect yet, so the amount stays owed: recorded, shown and tried again.
     */
    async payout(): Promise<ProviderPayout> {
      return { status: 'pending', id: null, reason: STRIPE_PAYOUT_PENDING };
    },

    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
