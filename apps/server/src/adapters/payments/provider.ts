// The payment provider behind one interface: `simulated` (default, our own database plays the card
// processor) or `stripe`. Everything else in the app speaks these provider-neutral shapes.

export type ProviderName = 'simulated' | 'stripe';

/** A provider's payment intent, in our words. Amounts are integer cents. */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  /** What the provider actually collected (equals amountCents once succeeded). */
  amountReceivedCents: number;
  currency: string;
  status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  customerId: string | null;
  metadata: Record<string, string>;
  /** The last attempt's failure, shown to the payer ('Your card was declined.'). */
  lastError: string | null;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: 'usd';
  /** Same key, same intent: a retried call never makes a second charge. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description?: string;
  /** Attach the intent to a customer: an existing one, or a new one made for this email. */
  customer?: { existingId: string | null; email: string; userId: string };
};

export type RefundInput = { intentId: string; amountCents: number; idempotencyKey: string };
export type ProviderRefund = { id: string; amountCents: number; status: 'succeeded' | 'pending' | 'failed' };

/** Money owed to a creator (the part of a refund above the deposit), sent to their payout account. */
export type PayoutInput = {
  userId: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
};
export type ProviderPayout =
  | { status: 'paid'; id: string }
  /** Not sent yet (e.g. no payout account connected); the amount stays owed and is tried again later. */
  | { status: 'pending'; id: null; reason: string };

export type PaymentProvider = {
  readonly name: ProviderName;
  /** The browser's key (Stripe's publishable key); null for the simulated provider. */
  readonly publishableKey: string | null;
  createIntent: (input: CreateIntentInput) => Promise<ProviderIntent>;
  retrieveIntent: (id: string) => Promise<ProviderIntent>;
  /**
   * Expiry: cancel an abandoned intent so it can never be charged, and answer it as canceled. Throws
   * a ProviderError when the intent cannot be cancelled (it succeeded in the meantime, or is processing).
   */
  cancelIntent: (id: string) => Promise<ProviderIntent>;
  /** Settlement: give money back to the card that paid. The same idempotency key never refunds twice. */
  refund: (input: RefundInput) => Promise<ProviderRefund>;
  /** A refund's current state: one answered 'pending' settles later (succeeded, or failed and returned). */
  retrieveRefund: (id: string) => Promise<ProviderRefund>;
  /** Settlement: pay a creator what is owed beyond the deposit. The same key never pays twice. */
  payout: (input: PayoutInput) => Promise<ProviderPayout>;
};

/** A provider call failed (network, provider error). The message is for logs, not for users. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
