// The default payment provider: a card processor in test mode, played by our own database (table
// simulated_payment_intents), so Kept takes payments offline with no settings. It keeps its records
// apart from ours, like a real processor: the app learns amounts and outcomes only through this
// adapter, and a confirmed payment reaches the app through the same event path as a Stripe webhook.
import crypto from 'node:crypto';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simulatedPaymentIntents } from '../../db/schema.ts';
import type {
  CreateIntentInput,
  PaymentProvider,
  PayoutInput,
  ProviderIntent,
  ProviderPayout,
  ProviderRefund,
  RefundInput,
} from './provider.ts';
import { ProviderError } from './provider.ts';
import { cardOutcome, validateCard, type CardFieldErrors, type CardInput } from './simulated-cards.ts';

type Row = typeof simulatedPaymentIntents.$inferSelect;
type StoredRefund = { id: string; amountCents: number; idempotencyKey: string };

export type ConfirmResult =
  | { kind: 'succeeded'; intent: ProviderIntent }
  | { kind: 'declined'; code: 'card_declined'; message: string; intent: ProviderIntent }
  | { kind: 'invalid_card'; fields: CardFieldErrors }
  /** The intent expired (cancelled): it can no longer be paid. */
  | { kind: 'canceled' }
  | { kind: 'not_found' };

export type SimulatedProvider = PaymentProvider & {
  readonly name: 'simulated';
  /** The card form's submit: checks the client secret, then the card, then answers like a processor. */
  confirm: (input: {
    intentId: string;
    clientSecret: string;
    card: CardInput;
    now: Date;
  }) => Promise<ConfirmResult>;
};

const randomId = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

function toIntent(row: Row): ProviderIntent {
  const status: ProviderIntent['status'] =
    row.status === 'succeeded'
      ? 'succeeded'
      : row.status === 'canceled'
        ? 'canceled'
        : row.lastError
          ? 'failed'
          : 'requires_payment';
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    amountReceivedCents: row.status === 'succeeded' ? row.amountCents : 0,
    currency: row.currency,
    status,
    customerId: row.customerId,
    metadata: row.metadata as Record<string, string>,
    lastError: row.lastError,
  };
}

export function createSimulatedProvider(db: Db): SimulatedProvider {
  const byId = async (id: string) =>
    (await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)))[0];

  return {
    name: 'simulated',
    publishableKey: null,

    async createIntent(input: CreateIntentInput) {
      const id = `pi_sim_${randomId(12)}`;
      const customerId = input.customer ? (input.customer.existingId ?? `cus_sim_${randomId(12)}`) : null;
      const inserted = await db
        .insert(simulatedPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomId(16)}`,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          customerId,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: simulatedPaymentIntents.idempotencyKey })
        .returning();
      const row =
        inserted[0] ??
        (
          await db
            .select()
            .from(simulatedPaymentIntents)
            .where(eq(simulatedPaymentIntents.idempotencyKey, input.idempotencyKey))
        )[0];
      if (!row) throw new ProviderError('simulated intent vanished');
      // As a processor does: a key reused with other parameters is an error, never a second intent.
      if (row.amountCents !== input.amountCents || row.currency !== input.currency) {
        throw new ProviderError('idempotency key reused with different parameters');
      }
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const row = await byId(id);
      if (!row) throw new ProviderError(`No such payment intent: ${id}`);
      return toIntent(row);
    },

    /** As Stripe: any intent but a succeeded one can be cancelled, and a cancelled one never succeeds. */
    async cancelIntent(id) {
      const [updated] = await db
        .update(simulatedPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(simulatedPaymentIntents.id, id), ne(simulatedPaymentIntents.status, 'succeeded')))
        .returning();
      if (updated) return toIntent(updated);
      const row = await byId(id);
      if (!row) throw new ProviderError(`No such payment intent: ${id}`);
      throw new ProviderError(`This payment intent cannot be cancelled: its status is ${row.status}`);
    },

    async confirm({ intentId, clientSecret, card, now }) {
      const fields = validateCard(card, now);
      const valid = Object.keys(fields).length === 0;
      if (valid) {
        // The usual case in one statement: the card decides, unless the payment has already succeeded
        // (a second confirm, or a decline racing a success, never undoes one) or expired. Concurrent
        // confirms, and a confirm racing an expiry, queue on the row; the later one falls through below.
        const outcome = cardOutcome(card.cardNumber);
        const [updated] = await db
          .update(simulatedPaymentIntents)
          .set(
            outcome.ok
              ? { status: 'succeeded', lastError: null, updatedAt: sql`now()` }
              : { status: 'requires_payment_method', lastError: outcome.message, updatedAt: sql`now()` },
          )
          .where(
            and(
              eq(simulatedPaymentIntents.id, intentId),
              eq(simulatedPaymentIntents.clientSecret, clientSecret),
              notInArray(simulatedPaymentIntents.status, ['succeeded', 'canceled']),
            ),
          )
          .returning();
        if (updated) {
          const intent = toIntent(updated);
          return outcome.ok
            ? { kind: 'succeeded' as const, intent }
            : { kind: 'declined' as const, code: outcome.code, message: outcome.message, intent };
        }
      }
      // Unknown, not this secret, already succeeded, or an invalid card: answered from the row as is.
      const row = await byId(intentId);
      if (!row || !safeEqual(row.clientSecret, clientSecret)) return { kind: 'not_found' as const };
      if (row.status === 'succeeded') return { kind: 'succeeded' as const, intent: toIntent(row) };
      if (row.status === 'canceled') return { kind: 'canceled' as const };
      // Open with this secret now, yet not a moment ago: the row changed between the two statements.
      if (valid) throw new ProviderError('the payment changed during the confirm; try again');
      return { kind: 'invalid_card' as const, fields };
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(simulatedPaymentIntents)
          .where(eq(simulatedPaymentIntents.id, input.intentId))
          .for('update');
        if (!row) throw new ProviderError(`No such payment intent: ${input.intentId}`);
        const refunds = row.refunds as StoredRefund[];
        const earlier = refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
        if (earlier) return { id: earlier.id, amountCents: earlier.amountCents, status: 'succeeded' };
        if (row.status !== 'succeeded') throw new ProviderError('Only a succeeded payment can be refunded');
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
          throw new ProviderError('A refund must be a positive amount of cents');
        if (row.amountRefundedCents + input.amountCents > row.amountCents)
          throw new ProviderError('Refund exceeds the amount paid');
        const refund: StoredRefund = {
          id: `re_sim_${randomId(12)}`,
          amountCents: input.amountCents,
          idempotencyKey: input.idempotencyKey,
        };
        await tx
          .update(simulatedPaymentIntents)
          .set({
            amountRefundedCents: row.amountRefundedCents + input.amountCents,
            refunds: [...refunds, refund],
            updatedAt: sql`now()`,
          })
          .where(eq(simulatedPaymentIntents.id, row.id));
        return { id: refund.id, amountCents: refund.amountCents, status: 'succeeded' };
      });
    },

    /** Simulated refunds succeed at once, so a stored one is always 'succeeded'. */
    async retrieveRefund(id: string): Promise<ProviderRefund> {
      const [row] = await db
        .select({ refunds: simulatedPaymentIntents.refunds })
        .from(simulatedPaymentIntents)
        .where(sql`${simulatedPaymentIntents.refunds} @> ${JSON.stringify([{ id }])}::jsonb`);
      const refund = (row?.refunds as StoredRefund[] | undefined)?.find((r) => r.id === id);
      if (!refund) throw new ProviderError(`No such refund: ${id}`);
      return { id: refund.id, amountCents: refund.amountCents, status: 'succeeded' };
    },

    /** Paid at once (test mode has no bank); the id is derived from the key, so a replay is the same payout. */
    async payout(input: PayoutInput): Promise<ProviderPayout> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new ProviderError('A payout must be a positive amount of cents');
      const digest = crypto.createHash('sha256').update(input.idempotencyKey).digest('hex');
      return { status: 'paid', id: `po_sim_${digest.slice(0, 24)}` };
    },
  };
}
