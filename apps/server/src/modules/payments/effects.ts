// What a succeeded payment does, by kind: each feature registers the effect of its own kind (projects:
// 'deposit', donations: 'donation'), and the event path looks the kind up here, so payments knows no
// feature. An effect runs inside the payment-succeeded event's database transaction, once per payment
// (apply-payment-event.ts), books its ledger entries and queues its emails there, and names the project
// the payment belongs to.
import { PaymentKindSchema, type PaymentKind } from '@kept/contract';
import type { Tx } from '../ledger/ledger.ts';
import type { PaymentRow } from './deps.ts';

export type PaymentEffectInput = {
  /** Our row, locked, with the provider's intent id. */
  payment: PaymentRow;
  /** The provider's customer (the intent's, else our row's). */
  customerId: string | null;
  now: Date;
};
export type PaymentEffect = (tx: Tx, input: PaymentEffectInput) => Promise<{ projectId: string }>;

/** A payment of a kind no feature registered an effect for: nothing is started or applied. */
export class UnknownPaymentKindError extends Error {
  readonly kind: string;
  constructor(kind: string, registered: readonly string[]) {
    super(
      `No effect is registered for payments of kind '${kind}' (registered: ${registered.join(', ') || 'none'})`,
    );
    this.name = 'UnknownPaymentKindError';
    this.kind = kind;
  }
}

export function createPaymentEffects() {
  const effects = new Map<PaymentKind, PaymentEffect>();
  return {
    /** Called once per kind, by the feature that owns it. */
    register(kind: PaymentKind, effect: PaymentEffect): void {
      const parsed = PaymentKindSchema.parse(kind);
      if (effects.has(parsed)) throw new Error(`The '${parsed}' payment effect is registered already`);
      effects.set(parsed, effect);
    },
    /** The effect of a payment of `kind`; UnknownPaymentKindError when none is registered. */
    effectOf(kind: string): PaymentEffect {
      const parsed = PaymentKindSchema.safeParse(kind);
      const effect = parsed.success ? effects.get(parsed.data) : undefined;
      if (!effect) throw new UnknownPaymentKindError(kind, [...effects.keys()]);
      return effect;
    },
  };
}

export type PaymentEffects = ReturnType<typeof createPaymentEffects>;
