// Payments: start an intent (deposit or donation) idempotently, confirm with the simulated card form,
// answer a payment's status, and reconcile payments the provider took but we have not applied.
import crypto from 'node:crypto';
import { MESSAGES, depositFeeCents, type ProjectDraft } from '@kept/domain';
import type { DepositIntentResponse, PaymentIntentResponse, PaymentStatusResponse } from '@kept/contract';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { ConfiguredProvider } from '../../adapters/payments/index.ts';
import { ProviderError, type ProviderIntent } from '../../adapters/payments/provider.ts';
import { safeEqual } from '../../adapters/payments/simulated.ts';
import type { CardInput } from '../../adapters/payments/simulated-cards.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { FAILED_PAYMENT_MESSAGE, type ApplyResult, type Log, type PaymentEvents } from './events.ts';

type PaymentRow = typeof payments.$inferSelect;
type OpenPayment = { id: string; intentId: string | null; createdAt: Date; at: string };

/** Payments not (yet) applied: the ones reconciliation walks. */
const OPEN_STATUSES = ['requires_payment', 'processing', 'failed'];
/** A payment still open this long after it was started is abandoned: cancelled at the provider and marked. */
export const PAYMENT_EXPIRY_MS = 24 * 3_600_000;
const RECONCILE_BATCH = 100;

export const PAYMENT_MESSAGES = {
  intentFailed: MESSAGES.paymentIntentFailed,
  notFound: 'Payment not found',
  keyReused: 'This payment was already started with different details. Please reload and try again.',
  simulatedOnly: 'Not found.',
  expired: 'This payment has expired. Please start again.',
} as const;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export type StartPaymentInput = {
  kind: 'deposit' | 'donation';
  amountCents: number;
  userId: string | null;
  projectId: string | null;
  draft: ProjectDraft | null;
  /** Stored on our row and sent to the provider; `paymentId` and `kind` are added here. */
  metadata: Record<string, string>;
  description: string;
  /** The browser's Idempotency-Key header, if it sent one. */
  clientKey: string | undefined;
  /** The validated request, so a reused key with other details is refused. */
  request: unknown;
  customer?: { email: string; userId: string };
};

/** Hooks for crash tests (a worker kills itself at that point); never set by the app. */
export type PaymentFaults = {
  /** The simulated processor has charged the card; nothing is booked yet. */
  afterCharge?: () => Promise<void>;
};

export function createPaymentService(deps: {
  db: Db;
  provider: ConfiguredProvider;
  events: PaymentEvents;
  clock: Clock;
  log: Log;
  faults?: PaymentFaults;
}) {
  const { db, provider, events, clock, log } = deps;

  const intentResponse = (row: PaymentRow, intent: ProviderIntent): PaymentIntentResponse => ({
    paymentId: row.id,
    provider: provider.name,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: row.amountCents,
    currency: 'usd',
  });

  /**
   * Our payments row first (with its idempotency key), then the provider call with that key, then the
   * intent id on the row. A retry with the same Idempotency-Key finds the row and gets the same intent.
   */
  async function startPayment(
    input: StartPaymentInput,
  ): Promise<{ row: PaymentRow; intent: ProviderIntent }> {
    const key = input.clientKey
      ? `${input.kind}:${input.userId ?? 'anonymous'}:${input.clientKey}`
      : `${input.kind}:${crypto.randomUUID()}`;
    const requestHash = sha256(JSON.stringify(input.request));
    const id = crypto.randomUUID();
    const [inserted] = await db
      .insert(payments)
      .values({
        id,
        provider: provider.name,
        kind: input.kind,
        providerIntentId: null,
        idempotencyKey: key,
        status: 'requires_payment',
        amountCents: input.amountCents,
        currency: 'usd',
        userId: input.userId,
        projectId: input.projectId,
        draft: input.draft,
        metadata: { ...input.metadata, kind: input.kind, paymentId: id },
        requestHash,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    const row = inserted ?? (await db.select().from(payments).where(eq(payments.idempotencyKey, key)))[0];
    if (!row) throw new Error(`payment with key ${key} vanished`);
    if (row.requestHash !== requestHash || row.provider !== provider.name) {
      throw new DomainError('idempotency_conflict', PAYMENT_MESSAGES.keyReused);
    }
    if (row.status === 'canceled') throw new DomainError('payment_expired', PAYMENT_MESSAGES.expired);

    let intent: ProviderIntent;
    try {
      if (row.providerIntentId) {
        intent = await provider.retrieveIntent(row.providerIntentId);
      } else {
        const existingCustomer = input.customer && input.userId ? await latestCustomer(input.userId) : null;
        intent = await provider.createIntent({
          amountCents: row.amountCents,
          currency: 'usd',
          idempotencyKey: row.idempotencyKey,
          metadata: row.metadata as Record<string, string>,
          description: input.description,
          ...(input.customer ? { customer: { ...input.customer, existingId: existingCustomer } } : {}),
        });
      }
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, paymentId: row.id }, 'payment provider refused to create the intent');
      await db
        .update(payments)
        .set({ failureMessage: PAYMENT_MESSAGES.intentFailed, updatedAt: sql`now()` })
        .where(eq(payments.id, row.id));
      throw new DomainError('payment_error', PAYMENT_MESSAGES.intentFailed);
    }
    if (intent.amountCents !== row.amountCents) {
      log.error({ paymentId: row.id, intentId: intent.id }, 'provider intent amount differs from ours');
      throw new DomainError('payment_error', PAYMENT_MESSAGES.intentFailed);
    }
    const [updated] = await db
      .update(payments)
      .set({
        providerIntentId: intent.id,
        providerCustomerId: intent.customerId,
        clientSecretHash: sha256(intent.clientSecret),
        failureMessage: null,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, row.id))
      .returning();
    return { row: updated ?? row, intent };
  }

  async function latestCustomer(userId: string): Promise<string | null> {
    const [found] = await db
      .select({ id: payments.providerCustomerId })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.provider, provider.name),
          isNotNull(payments.providerCustomerId),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return found?.id ?? null;
  }

  /** The payment, if the caller holds its client secret (else 404, saying nothing about whether it exists). */
  async function authorized(paymentId: string, clientSecret: string): Promise<PaymentRow> {
    const notFound = () => new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    if (!isUuid(paymentId)) throw notFound();
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row?.clientSecretHash || !safeEqual(row.clientSecretHash, sha256(clientSecret))) throw notFound();
    return row;
  }

  const statusOf = (row: PaymentRow): PaymentStatusResponse => ({
    paymentId: row.id,
    kind: row.kind as 'deposit' | 'donation',
    status: row.status as PaymentStatusResponse['status'],
    projectId: row.projectId,
    failureMessage:
      row.status === 'succeeded' || !row.failureMessage
        ? null
        : // Notes meant for staff (an amount mismatch) are not shown to the payer.
          row.failureMessage.startsWith('Amount mismatch')
          ? FAILED_PAYMENT_MESSAGE
          : row.failureMessage,
  });

  async function reload(paymentId: string): Promise<PaymentRow> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return row!;
  }

  /** When an effect could not be applied after the provider took the money: say so, and leave it to reconcile. */
  async function markProcessing(paymentId: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'processing', updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['requires_payment', 'failed'])))
      .catch((err: unknown) => log.error({ err, paymentId }, 'could not mark payment as processing'));
  }

  const applyReconciled = (paymentId: string, intent: ProviderIntent) =>
    events.applyPaymentSucceeded({
      provider: provider.name,
      eventId: `reconcile:${paymentId}:succeeded`,
      type: 'reconcile.payment_succeeded',
      intent,
    });

  /** An open payment that can never be paid any more: canceled, unless an event settled it first. */
  async function markExpired(paymentId: string): Promise<boolean> {
    const updated = await db
      .update(payments)
      .set({ status: 'canceled', failureMessage: PAYMENT_MESSAGES.expired, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, OPEN_STATUSES)))
      .returning({ id: payments.id });
    return updated.length > 0;
  }

  /**
   * One open payment: book it if the provider took the money; expire it if it was opened before
   * `expireBefore` and never paid (cancelled at the provider first, so it can never be charged after).
   */
  async function reconcileOne(
    open: OpenPayment,
    expireBefore: Date,
  ): Promise<'applied' | 'expired' | 'open'> {
    const old = open.createdAt.getTime() < expireBefore.getTime();
    if (!open.intentId) {
      // Stored, but the provider's answer never reached the row: no client secret left the server,
      // so no one can pay it.
      return old && (await markExpired(open.id)) ? 'expired' : 'open';
    }
    let intent = await provider.retrieveIntent(open.intentId);
    if (intent.status === 'succeeded')
      return (await applyReconciled(open.id, intent)).outcome === 'applied' ? 'applied' : 'open';
    if (intent.status === 'canceled') return (await markExpired(open.id)) ? 'expired' : 'open';
    if (!old || intent.status === 'processing') return 'open';
    try {
      intent = await provider.cancelIntent(open.intentId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      // Refused: the payer may have paid between our two calls. Ask again: a success is booked.
      intent = await provider.retrieveIntent(open.intentId);
      if (intent.status === 'succeeded')
        return (await applyReconciled(open.id, intent)).outcome === 'applied' ? 'applied' : 'open';
      if (intent.status !== 'canceled') throw err;
    }
    if (intent.status !== 'canceled') return 'open';
    return (await markExpired(open.id)) ? 'expired' : 'open';
  }

  return {
    startPayment,

    async createDepositIntent(input: {
      user: { id: string; email: string };
      draft: ProjectDraft;
      clientKey: string | undefined;
    }): Promise<DepositIntentResponse> {
      const { draft } = input;
      const feeCents = depositFeeCents(draft.depositCents);
      const chargeCents = draft.depositCents + feeCents;
      const { row, intent } = await startPayment({
        kind: 'deposit',
        amountCents: chargeCents,
        userId: input.user.id,
        projectId: null,
        draft,
        metadata: {
          userId: input.user.id,
          depositCents: String(draft.depositCents),
          feeCents: String(feeCents),
        },
        description: `Kept deposit: ${draft.title}`.slice(0, 200),
        clientKey: input.clientKey,
        request: draft,
        customer: { email: input.user.email, userId: input.user.id },
      });
      return {
        ...intentResponse(row, intent),
        depositCents: draft.depositCents,
        feeCents,
        customerId: intent.customerId,
      };
    },

    async status(paymentId: string, clientSecret: string): Promise<PaymentStatusResponse> {
      return statusOf(await authorized(paymentId, clientSecret));
    },

    /** The payment, when `clientSecret` is its own; else 404. */
    authorize: authorized,

    /**
     * The simulated card form for a payment the caller has authorized (`authorize`): the processor
     * decides, then the outcome takes the webhook's event path.
     */
    async confirmSimulated(input: {
      payment: PaymentRow;
      clientSecret: string;
      card: CardInput;
    }): Promise<PaymentStatusResponse> {
      if (provider.name !== 'simulated') throw new DomainError('not_found', PAYMENT_MESSAGES.simulatedOnly);
      const row = input.payment;
      if (row.provider !== 'simulated' || !row.providerIntentId)
        throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
      const result = await provider.confirm({
        intentId: row.providerIntentId,
        clientSecret: input.clientSecret,
        card: input.card,
        now: clock.now(),
      });
      switch (result.kind) {
        case 'not_found':
          throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
        case 'canceled':
          throw new DomainError('payment_expired', PAYMENT_MESSAGES.expired);
        case 'invalid_card': {
          const first = Object.values(result.fields)[0] ?? MESSAGES.paymentDetailsFailed;
          throw new DomainError('validation_error', first, result.fields);
        }
        case 'declined':
          await events.applyPaymentFailed({
            provider: 'simulated',
            eventId: `sim:${row.id}:failed:${crypto.randomUUID()}`,
            type: 'payment_intent.payment_failed',
            intent: result.intent,
          });
          throw new DomainError(result.code, result.message);
        case 'succeeded': {
          await deps.faults?.afterCharge?.();
          let applied: ApplyResult | undefined;
          try {
            applied = await events.applyPaymentSucceeded({
              provider: 'simulated',
              eventId: `sim:${row.id}:succeeded`,
              type: 'payment_intent.succeeded',
              intent: result.intent,
            });
          } catch (err) {
            // The card was charged but our effects did not commit: nothing half-made stays behind,
            // and reconciliation applies the payment later. Tell the browser it is processing.
            log.error(
              { err, paymentId: row.id },
              'payment succeeded at the provider but could not be applied',
            );
            await markProcessing(row.id);
          }
          // Applied just now: its row is known without reading it again.
          if (applied?.outcome === 'applied')
            return statusOf({
              ...row,
              status: 'succeeded',
              projectId: applied.projectId,
              failureMessage: null,
            });
          return statusOf(await reload(row.id));
        }
      }
    },

    /**
     * Apply payments the provider reports as succeeded that we have not applied (a crash, a lost
     * webhook), and expire abandoned ones. Safe to run any time, on any number of instances: a success
     * takes the same event path, an expiry is a provider cancel then a conditional update.
     *
     * It walks every open payment at least `minAgeMs` old, oldest first, in batches keyed on
     * (created_at, id): each batch is one short read, and no transaction is open during provider calls.
     * However many payment forms are left open, every one is looked at on every run.
     */
    async reconcile(opts: { minAgeMs?: number; expireAfterMs?: number; batchSize?: number } = {}) {
      const now = clock.now().getTime();
      const olderThan = new Date(now - (opts.minAgeMs ?? 60_000));
      const expireBefore = new Date(now - (opts.expireAfterMs ?? PAYMENT_EXPIRY_MS));
      const batchSize = opts.batchSize ?? RECONCILE_BATCH;
      const summary = { checked: 0, applied: 0, expired: 0, errors: 0 };
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const batch: OpenPayment[] = await db
          .select({
            id: payments.id,
            intentId: payments.providerIntentId,
            createdAt: payments.createdAt,
            // Full precision for the cursor (a Date keeps milliseconds, the column microseconds).
            at: sql<string>`${payments.createdAt}::text`,
          })
          .from(payments)
          .where(
            and(
              eq(payments.provider, provider.name),
              inArray(payments.status, OPEN_STATUSES),
              lte(payments.createdAt, olderThan),
              after
                ? and(
                    sql`${payments.createdAt} >= ${after.at}::timestamptz`,
                    sql`(${payments.createdAt}, ${payments.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
                  )
                : undefined,
            ),
          )
          .orderBy(asc(payments.createdAt), asc(payments.id))
          .limit(batchSize);
        for (const open of batch) {
          summary.checked += 1;
          try {
            const outcome = await reconcileOne(open, expireBefore);
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
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
