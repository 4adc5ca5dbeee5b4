// Newsletter: one row per address (lower-cased), a confirmation email with a working unsubscribe link.
// Subscribing again is harmless: same answer, still one row; an unsubscribed address is subscribed again.
// The confirmation is queued in the transaction that (re)subscribes the address.
import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { newsletterWelcomeEmail } from './emails.ts';

export function createNewsletterService(deps: { db: Db; baseUrl: string }) {
  const { db } = deps;
  const unsubscribeUrl = (token: string) =>
    `${deps.baseUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

  return {
    /** `email` is already validated and normalized. Sends the confirmation only to a new (or returning) subscriber. */
    async subscribe(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(newsletterSubscribers)
          .values({ email, unsubscribeToken: crypto.randomBytes(24).toString('base64url') })
          .onConflictDoNothing({ target: newsletterSubscribers.email })
          .returning({
            id: newsletterSubscribers.id,
            token: newsletterSubscribers.unsubscribeToken,
            since: newsletterSubscribers.subscribedAt,
          });
        const [returning] = created
          ? [created]
          : await tx
              .update(newsletterSubscribers)
              .set({ unsubscribedAt: null, subscribedAt: sql`now()` })
              .where(
                and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.unsubscribedAt)),
              )
              .returning({
                id: newsletterSubscribers.id,
                token: newsletterSubscribers.unsubscribeToken,
                since: newsletterSubscribers.subscribedAt,
              });
        // Already subscribed: no second email, so nobody can flood an inbox through this form.
        if (returning)
          await queueEmail(
            tx,
            `newsletter:${returning.id}:${new Date(returning.since).getTime()}`,
            newsletterWelcomeEmail(email, unsubscribeUrl(returning.token)),
          );
      });
    },

    /** True when the token names a subscriber (who is now unsubscribed, even if they already were). */
    async unsubscribe(token: string): Promise<boolean> {
      if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
      const [found] = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token));
      if (!found) return false;
      await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()` })
        .where(and(eq(newsletterSubscribers.id, found.id), isNull(newsletterSubscribers.unsubscribedAt)));
      return true;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
