// POST /api/payments/simulated/confirm: the simulated card form. The processor decides, then the
// outcome takes the webhook's event path (apply-payment-event.ts). Card tries are bounded per form and
// per tryer (card-testing.ts), and confirms per address and per form (rate limits). Under overload a
// card is charged only while its request is young enough for the charge's record to follow within
// the second (decision 046).
import crypto from 'node:crypto';
import type { PaymentStatusResponse } from '@kept/contract';
import { MESSAGES } from '@kept/domain';
import { validateCard, type CardInput } from '../../adapters/payments/simulated-cards.ts';
import { DomainError } from '../../http/errors.ts';
import { isPoolBusy, unavailableError } from '../../http/overload.ts';
import { allInOrder } from '../../in-order.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { ApplyResult, PaymentEvents } from './apply-payment-event.ts';
import type { CardTestingGuard, CardTryer } from './card-testing.ts';
import { PAYMENT_MESSAGES, type PaymentDeps, type PaymentRow } from './deps.ts';
import { authorizePayment, statusOf } from './payment-status.ts';
import { paymentById, updatePaymentIf } from './queries.ts';

const HOUR = 3_600_000;
/**
 * How many times a charge's record may find every pooled connection busy before the payment is left to
 * reconciliation: each try waits the pool's wait (100 ms by default), within the second that the charge
 * deadline leaves (decision 046).
 */
export const RECORD_TRIES = 3;

type ConfirmDeps = PaymentDeps & { events: PaymentEvents };

/**
 * The card on a payment the caller has authorized (authorizePayment); the outcome as the payer sees it.
 * `timeToCharge` (default: always) is asked just before the card is charged: without time left, the
 * answer is 503 with Retry-After and nothing is charged. After the charge nothing is cut short.
 */
export async function confirmSimulated(
  deps: ConfirmDeps,
  input: { payment: PaymentRow; clientSecret: string; card: CardInput; timeToCharge?: () => boolean },
): Promise<PaymentStatusResponse> {
  const { provider, events, clock, log } = deps;
  if (provider.name !== 'simulated') throw new DomainError('not_found', PAYMENT_MESSAGES.simulatedOnly);
  const row = input.payment;
  if (row.provider !== 'simulated' || !row.providerIntentId)
    throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
  if (input.timeToCharge && !input.timeToCharge()) throw unavailableError();
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
      const record = () =>
        events.applyPaymentSucceeded({
          provider: 'simulated',
          eventId: `sim:${row.id}:succeeded`,
          type: 'payment_intent.succeeded',
          intent: result.intent,
        });
      try {
        // A busy pool ran nothing, and the event applies once whatever the tries: try again.
        for (let tries = 1; applied === undefined; tries += 1) {
          applied = await record().catch((err: unknown) => {
            if (tries < RECORD_TRIES && isPoolBusy(err)) return undefined;
            throw err;
          });
        }
      } catch (err) {
        // The card was charged but our effects did not commit: nothing half-made stays behind,
        // and reconciliation applies the payment later. Tell the browser it is processing.
        log.error({ err, paymentId: row.id }, 'payment succeeded at the provider but could not be applied');
        await updatePaymentIf(deps.db, row.id, ['requires_payment', 'failed'], {
          status: 'processing',
          updatedAt: clock.now(),
        }).catch((e: unknown) =>
          log.error({ err: e, paymentId: row.id }, 'could not mark payment as processing'),
        );
      }
      // Applied just now: its row is known without reading it again.
      if (applied?.outcome === 'applied')
        return statusOf({ ...row, status: 'succeeded', projectId: applied.projectId, failureMessage: null });
      return statusOf((await paymentById(deps.db, row.id))!);
    }
  }
}

/**
 * The route's use case: rate limits, the caller's authorization, then the card under card-testing's
 * bounds, charged only while the request (`elapsedMs` old) is within `chargeDeadlineMs` (0: always).
 */
export async function confirmPayment(
  deps: ConfirmDeps & { limiter: RateLimiter; cardTesting: CardTestingGuard; chargeDeadlineMs: number },
  input: {
    paymentId: string;
    clientSecret: string;
    card: CardInput;
    ip: string;
    tryer: () => Promise<CardTryer>;
    elapsedMs: () => number;
  },
): Promise<PaymentStatusResponse> {
  const { limiter, cardTesting } = deps;
  const { paymentId, clientSecret, card } = input;
  if (deps.provider.name !== 'simulated') throw new DomainError('not_found', PAYMENT_MESSAGES.simulatedOnly);
  // The client address's limit first, then the client secret, as one wait.
  const [, payment] = await allInOrder(
    limiter.consume({ key: `payments:confirm:ip:${input.ip}`, max: 300, windowMs: HOUR }),
    authorizePayment(deps, paymentId, clientSecret),
  );
  // Only the holder of the client secret counts against (and can exhaust) a payment's attempts.
  await limiter.consume({ key: `payments:confirm:payment:${paymentId}`, max: 30, windowMs: HOUR });
  const { chargeDeadlineMs } = deps;
  const timeToCharge = () => chargeDeadlineMs === 0 || input.elapsedMs() < chargeDeadlineMs;
  const attempt = () => confirmSimulated(deps, { payment, clientSecret, card, timeToCharge });
  // A card the form refuses field by field never reaches the processor: it is no card try, and
  // holds none of the form's or the tryer's failed attempts while it is answered.
  const wellFormed = Object.keys(validateCard(card, deps.clock.now())).length === 0;
  return wellFormed
    ? cardTesting.tryCard({ paymentId: payment.id, ...(await input.tryer()) }, attempt)
    : attempt();
}
