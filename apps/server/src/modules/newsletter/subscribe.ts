// Newsletter sign-up. Subscribing again is harmless: same answer, still one row, no second email (so
// nobody can flood an inbox through the form); an unsubscribed address is subscribed again and
// welcomed back. The confirmation is queued in the transaction that (re)subscribes the address.
import crypto from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { newsletterWelcomeEmail } from './emails.ts';
import { insertSubscriber, resubscribe } from './queries.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

const HOUR = 3_600_000;

export type NewsletterDeps = { db: Db; clock: Clock; limiter: RateLimiter; baseUrl: string };

/**
 * `email` is validated and normalized (the contract's EmailSchema). Rate-limited per client address
 * and per email (a RateLimitedError past either).
 */
export async function subscribe(deps: NewsletterDeps, email: string, ip: string): Promise<void> {
  await deps.limiter.consume(
    { key: `newsletter:ip:${ip}`, max: 30, windowMs: HOUR },
    { key: `newsletter:email:${email}`, max: 5, windowMs: HOUR },
  );
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const token = crypto.randomBytes(24).toString('base64url');
    const subscribed = (await insertSubscriber(tx, email, token, now)) ?? (await resubscribe(tx, email, now));
    if (subscribed)
      await queueEmail(
        tx,
        `newsletter:${subscribed.id}:${new Date(subscribed.since).getTime()}`,
        newsletterWelcomeEmail(email, unsubscribeUrl(deps.baseUrl, subscribed.token)),
      );
  });
}
