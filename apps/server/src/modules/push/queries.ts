// push_subscriptions' SQL. Every read and change of a user's devices names the user in its query.
import type { PushDevice } from '@kept/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { Executor, Tx } from '../ledger/ledger.ts';

type Row = typeof pushSubscriptions.$inferSelect;

export const toDevice = (row: Row): PushDevice => ({
  id: row.id,
  deviceLabel: row.deviceLabel,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

export async function selectDevices(db: Db | Tx, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/**
 * Stores a browser's subscription for `userId`. The endpoint is one browser profile: subscribing it again
 * (new keys, or another account signed in there now) replaces its row, so pushes follow whoever
 * subscribed last on that browser.
 */
export async function upsertSubscription(
  db: Db | Tx,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; deviceLabel: string; now: Date },
): Promise<Row> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...input, createdAt: input.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: input.userId,
        p256dh: input.p256dh,
        auth: input.auth,
        deviceLabel: input.deviceLabel,
        createdAt: input.now,
        lastSuccessAt: null,
      },
    })
    .returning();
  return row!;
}

export async function deleteDevice(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function selectSubscriptionIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((r) => r.id);
}

export async function selectSubscription(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Removes a subscription the push service said is gone, unless the browser subscribed anew meanwhile. */
export async function deleteExpired(db: Db, row: Pick<Row, 'id' | 'p256dh'>): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh)));
}

export async function markDelivered(db: Db, id: string, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));
}
