// The newsletter's SQL: one row per address (lower-cased), with its unsubscribe token.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Subscription = { id: string; token: string; since: Date };

const subscription = {
  id: newsletterSubscribers.id,
  token: newsletterSubscribers.unsubscribeToken,
  since: newsletterSubscribers.subscribedAt,
};

/** A new subscriber's row; undefined when the address already has one. */
export async function insertSubscriber(
  tx: Tx,
  email: string,
  token: string,
  now: Date,
): Promise<Subscription | undefined> {
  const [created] = await tx
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeToken: token, subscribedAt: now })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning(subscription);
  return created;
}

/** Subscribes an unsubscribed address again; undefined when it is subscribed already. */
export async function resubscribe(tx: Tx, email: string, now: Date): Promise<Subscription | undefined> {
  const [returning] = await tx
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, subscribedAt: now })
    .where(and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.unsubscribedAt)))
    .returning(subscription);
  return returning;
}

export async function selectSubscriberIdByToken(db: Db, token: string): Promise<string | undefined> {
  const [found] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return found?.id;
}

/** Marks the subscriber unsubscribed (once: an earlier unsubscription keeps its date). */
export async function markUnsubscribed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.unsubscribedAt)));
}
