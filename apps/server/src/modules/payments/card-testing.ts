// Card testing: someone with a list of stolen card numbers uses a payment form to learn which ones
// work. Failed card attempts are bounded per payment form and per visitor, and an anonymous visitor
// gets the exact decline reason only for their first few failures (decision 004, 2026-11-25):
// - at most FAILED_PER_FORM declined cards per payment form (its lifetime, a day at most);
// - at most FAILED_PER_VISITOR declined cards per visitor (client address) and per signed-in user
//   per hour: past it, no card is tried and no new payment form is started (429);
// - an anonymous visitor sees the exact reason ('Your card has insufficient funds.') for their first
//   EXACT_REASONS failures in the hour, then only 'Your card was declined.'.
// The simulated card form is checked before the card is tried (the attempt is counted first and
// given back when the card did not fail, so concurrent tries cannot slip past the bound). On Stripe's
// path the server sees a failure through the webhook: it is counted the same way, and a form whose
// attempts (or whose visitor's) are used up is canceled at Stripe, so no further card can be tried on it;
// the browser gets Stripe's own message there, which the server cannot reword.
import crypto from 'node:crypto';
import { CARD_MESSAGES } from '../../adapters/payments/simulated-cards.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { RateLimitedError, type Limit, type RateLimiter } from '../rate-limit/limiter.ts';
import { payerOf } from './queries.ts';

const HOUR = 3_600_000;
export const FAILED_PER_FORM = 5;
export const FAILED_PER_VISITOR = 10;
export const EXACT_REASONS = 3;
/** The one decline message an anonymous visitor sees after their first few. */
export const GENERIC_DECLINE_MESSAGE = CARD_MESSAGES.declined;

/**
 * Who tries a card: the client address as a keyed hash (it also travels in a donation intent's
 * metadata, so the webhook knows whose form failed), and the user if signed in.
 */
export type CardTryer = { visitor: string | null; userId: string | null };

export function createCardTestingGuard(deps: { db: Db; limiter: RateLimiter; secret: string }) {
  const { db, limiter } = deps;
  const formLimit = (paymentId: string): Limit => ({
    key: `payments:card-failures:form:${paymentId}`,
    max: FAILED_PER_FORM,
    windowMs: 24 * HOUR,
  });
  const visitorLimit = (visitor: string): Limit => ({
    key: `payments:card-failures:visitor:${visitor}`,
    max: FAILED_PER_VISITOR,
    windowMs: HOUR,
  });
  const userLimit = (userId: string): Limit => ({
    key: `payments:card-failures:user:${userId}`,
    max: FAILED_PER_VISITOR,
    windowMs: HOUR,
  });
  const tryerLimits = ({ visitor, userId }: CardTryer) => [
    ...(visitor ? [visitorLimit(visitor)] : []),
    ...(userId ? [userLimit(userId)] : []),
  ];

  return {
    /** A client address as a visitor key: an HMAC under the app's secret, so the address itself is never sent on. */
    visitorOf(ip: string): string {
      return crypto.createHmac('sha256', deps.secret).update(ip).digest('base64url').slice(0, 22);
    },

    /** Before a new payment form: 429 once the visitor (or user) has used this hour's failed attempts. */
    async checkTryer(tryer: CardTryer): Promise<void> {
      await limiter.check(...tryerLimits(tryer));
    },

    /**
     * Try a card on the simulated form: 429 when the form or the tryer has used its failed attempts;
     * otherwise `attempt` runs with one failure reserved. A decline ('card_declined') keeps it, and an anonymous
     * visitor past their first few gets the generic message; any other outcome gives it back.
     */
    async tryCard<T>(input: { paymentId: string } & CardTryer, attempt: () => Promise<T>): Promise<T> {
      const limits = [formLimit(input.paymentId), ...tryerLimits(input)];
      // The tryer's failures this hour, this one included (the visitor's limit comes right after the form's).
      // A refused try is no failed card: it is given back, so it never eats into another limit's budget.
      const [, visitorFailures = 0] = await limiter.consume(...limits).catch(async (err: unknown) => {
        if (err instanceof RateLimitedError) await limiter.release(...limits);
        throw err;
      });
      let result: T;
      try {
        result = await attempt();
      } catch (err) {
        if (err instanceof DomainError && err.code === 'card_declined') {
          if (input.userId === null && visitorFailures > EXACT_REASONS)
            throw new DomainError('card_declined', GENERIC_DECLINE_MESSAGE);
          throw err;
        }
        await limiter.release(...limits);
        throw err;
      }
      await limiter.release(...limits);
      return result;
    },

    /**
     * A failure the provider reported for one of our payments (Stripe's webhook): counted against the
     * form and whoever started it (the visitor key in our row's metadata, the user). True when the
     * form, or its visitor or user, has used its failed attempts: cancel the form.
     */
    async recordFailure(paymentId: string): Promise<boolean> {
      const row = await payerOf(db, paymentId);
      if (!row) return false;
      const visitor = (row.metadata as Record<string, unknown>).visitor;
      const tryer: CardTryer = { visitor: typeof visitor === 'string' ? visitor : null, userId: row.userId };
      const limits = [formLimit(paymentId), ...tryerLimits(tryer)];
      const counts = await limiter.record(...limits);
      return counts.some((count, i) => count >= limits[i]!.max);
    },

    /** The failure message a payment's status shows: generic for an anonymous visitor past their first few. */
    async failureMessageFor(message: string | null, tryer: CardTryer): Promise<string | null> {
      if (message === null || tryer.userId !== null || tryer.visitor === null) return message;
      const failures = await limiter.peek(visitorLimit(tryer.visitor));
      return failures > EXACT_REASONS ? GENERIC_DECLINE_MESSAGE : message;
    },
  };
}

export type CardTestingGuard = ReturnType<typeof createCardTestingGuard>;
