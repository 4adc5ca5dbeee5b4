// Start a payment (deposit or donation) idempotently: our payments row first (with its idempotency
// key), then the provider call with that key, then the intent id on the row. A retry with the same
// Idempotency-Key finds the row and gets the same intent. A kind no feature registered an effect for
// is refused before anything is stored or charged.
import crypto from 'node:crypto';
import type { PaymentIntentResponse, PaymentKind } from '@kept/contract';
import type { ProjectDraft } from '@kept/domain';
import { ProviderError, type ProviderIntent } from '../../adapters/payments/provider.ts';
import { DomainError } from '../../http/errors.ts';
import { PAYMENT_MESSAGES, sha256, type PaymentDeps, type PaymentRow } from './deps.ts';
import type { Tx } from '../ledger/ledger.ts';
import {
  insertPayment,
  latestCustomerOf,
  paymentByKey,
  updatePayment,
  type PaymentInsert,
} from './queries.ts';

export type StartPaymentInput = {
  kind: PaymentKind;
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
  /** A deposit's consent: the terms version agreed to and where from (stored with the payment). */
  consent?: { termsVersion: string; ip: string; userAgent: string | null };
  /**
   * Checked inside the transaction that stores the payment row, before storing it: a donation locks
   * its project there, so a cancel and a new donation form cannot both go through (ending/).
   */
  guard?: (tx: Tx) => Promise<void>;
};

export async function startPayment(
  deps: PaymentDeps,
  input: StartPaymentInput,
): Promise<{ row: PaymentRow; intent: ProviderIntent }> {
  const { db, provider, clock, log } = deps;
  deps.effects.effectOf(input.kind);
  const key = input.clientKey
    ? `${input.kind}:${input.userId ?? 'anonymous'}:${input.clientKey}`
    : `${input.kind}:${crypto.randomUUID()}`;
  const requestHash = sha256(JSON.stringify(input.request));
  const id = crypto.randomUUID();
  const now = clock.now();
  const values: PaymentInsert = {
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
    ...(input.consent
      ? {
          termsVersion: input.consent.termsVersion,
          termsAgreedAt: now,
          termsIp: input.consent.ip,
          termsUserAgent: input.consent.userAgent?.slice(0, 500) ?? null,
        }
      : {}),
    createdAt: now,
    updatedAt: now,
  };
  const { guard } = input;
  const inserted = guard
    ? await db.transaction(async (tx) => {
        await guard(tx);
        return insertPayment(tx, values);
      })
    : await insertPayment(db, values);
  const row = inserted ?? (await paymentByKey(db, key));
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
      const existingCustomer =
        input.customer && input.userId ? await latestCustomerOf(db, input.userId, provider.name) : null;
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
    await updatePayment(db, row.id, {
      failureMessage: PAYMENT_MESSAGES.intentFailed,
      updatedAt: clock.now(),
    });
    throw new DomainError('payment_error', PAYMENT_MESSAGES.intentFailed);
  }
  if (intent.amountCents !== row.amountCents) {
    log.error({ paymentId: row.id, intentId: intent.id }, 'provider intent amount differs from ours');
    throw new DomainError('payment_error', PAYMENT_MESSAGES.intentFailed);
  }
  const updated = await updatePayment(db, row.id, {
    providerIntentId: intent.id,
    providerCustomerId: intent.customerId,
    clientSecretHash: sha256(intent.clientSecret),
    failureMessage: null,
    updatedAt: clock.now(),
  });
  return { row: updated ?? row, intent };
}

/** The browser's view of a started payment. */
export const intentResponse = (
  deps: Pick<PaymentDeps, 'provider'>,
  row: PaymentRow,
  intent: ProviderIntent,
): PaymentIntentResponse => ({
  paymentId: row.id,
  provider: deps.provider.name,
  clientSecret: intent.clientSecret,
  paymentIntentId: intent.id,
  amountCents: row.amountCents,
  currency: 'usd',
});
