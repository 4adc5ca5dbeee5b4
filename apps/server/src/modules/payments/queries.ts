// Payments' SQL: our payments rows and the provider events already applied.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { ProviderIntent, ProviderName } from '../../adapters/payments/provider.ts';
import type { Db } from '../../db/client.ts';
import { payments, processedEvents } from '../../db/schema.ts';
import type { Executor, Tx } from '../ledger/ledger.ts';
import { OPEN_STATUSES, type PaymentRow } from './deps.ts';

export type PaymentInsert = typeof payments.$inferInsert;
/** A change to a payment row, always with the time it was made. */
export type PaymentChange = Partial<Omit<PaymentInsert, 'id' | 'createdAt'>> & { updatedAt: Date };

/** A new row; undefined when a row with its idempotency key exists already. */
export async function insertPayment(db: Executor, values: PaymentInsert): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  return row;
}

export async function paymentByKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row;
}

export async function paymentById(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function updatePayment(
  db: Executor,
  id: string,
  change: PaymentChange,
): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(change).where(eq(payments.id, id)).returning();
  return row;
}

/** The provider customer of the user's latest payment with a customer (reused for a new deposit). */
export async function latestCustomerOf(
  db: Db,
  userId: string,
  provider: ProviderName,
): Promise<string | null> {
  const [found] = await db
    .select({ id: payments.providerCustomerId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.provider, provider),
        isNotNull(payments.providerCustomerId),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return found?.id ?? null;
}

/** Our row for the provider's intent (by intent id; else by the paymentId we put in its metadata), locked. */
export async function lockPaymentForIntent(
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

/** Records a provider event; false when it was recorded before (a redelivery). */
export async function recordEvent(
  tx: Tx,
  event: { provider: ProviderName; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(processedEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return inserted.length > 0;
}

/** Sets the change on the payment while its status is one of `statuses`; true when it did. */
export async function updatePaymentIf(
  db: Db,
  id: string,
  statuses: readonly string[],
  change: PaymentChange,
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set(change)
    .where(and(eq(payments.id, id), inArray(payments.status, [...statuses])))
    .returning({ id: payments.id });
  return updated.length > 0;
}

export type OpenPayment = { id: string; intentId: string | null; createdAt: Date; at: string };

/** Open payments of `provider` made at or before `olderThan`, oldest first, after the cursor. */
export function openPayments(
  db: Db,
  input: { provider: ProviderName; olderThan: Date; after: { at: string; id: string } | null; limit: number },
): Promise<OpenPayment[]> {
  const { after } = input;
  return db
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
        eq(payments.provider, input.provider),
        inArray(payments.status, [...OPEN_STATUSES]),
        lte(payments.createdAt, input.olderThan),
        after
          ? and(
              sql`${payments.createdAt} >= ${after.at}::timestamptz`,
              sql`(${payments.createdAt}, ${payments.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(input.limit);
}

/** Who started a payment (card-testing.ts): its user and the metadata holding its visitor key. */
export async function payerOf(db: Db, id: string) {
  const [row] = await db
    .select({ userId: payments.userId, metadata: payments.metadata })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}
