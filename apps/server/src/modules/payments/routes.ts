import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateProjectRequestSchema,
  DepositIntentResponseSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  PaymentIdParamsSchema,
  PaymentStatusQuerySchema,
  PaymentStatusResponseSchema,
  PaymentsConfigResponseSchema,
  SimulatedConfirmRequestSchema,
  StripeWebhookResponseSchema,
  type PaymentsConfigResponse,
} from '@kept/contract';
import { PROJECT_MESSAGES } from '@kept/domain';
import type { ConfiguredProvider } from '../../adapters/payments/index.ts';
import { validateCard } from '../../adapters/payments/simulated-cards.ts';
import { fromStripeIntent, type StripeProvider } from '../../adapters/payments/stripe.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { CardTestingGuard, CardTryer } from './card-testing.ts';
import type { PaymentEvents } from './events.ts';
import type { PaymentService } from './service.ts';

const HOUR = 3_600_000;

/** The optional `Idempotency-Key` header: one key per payment attempt, chosen by the browser. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new DomainError('validation_error', IDEMPOTENCY_KEY_MESSAGE);
  return value;
}

/** Who is trying a card, or starting a payment form (card-testing.ts). */
export async function cardTryerOf(
  request: FastifyRequest,
  cardTesting: CardTestingGuard,
): Promise<CardTryer> {
  const user = await request.currentUser();
  return { visitor: cardTesting.visitorOf(request.ip), userId: user?.id ?? null };
}

export const paymentRoutes =
  (deps: {
    provider: ConfiguredProvider;
    service: PaymentService;
    limiter: RateLimiter;
    cardTesting: CardTestingGuard;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { provider, service, limiter, cardTesting } = deps;

    app.get(
      '/api/payments/config',
      { schema: { response: withErrors({ 200: PaymentsConfigResponseSchema }) } },
      async (): Promise<PaymentsConfigResponse> => ({
        provider: provider.name,
        publishableKey: provider.publishableKey,
      }),
    );

    app.post(
      '/api/payments/deposit-intent',
      {
        schema: {
          body: CreateProjectRequestSchema,
          response: withErrors({ 200: DepositIntentResponseSchema }),
        },
      },
      async (request, reply) => {
        const user = await request.currentUser();
        if (!user) throw new DomainError('unauthorized', PROJECT_MESSAGES.mustBeLoggedIn);
        const clientKey = idempotencyKeyOf(request);
        await limiter.consume({ key: `payments:deposit:user:${user.id}`, max: 100, windowMs: HOUR });
        await cardTesting.checkTryer(await cardTryerOf(request, cardTesting));
        const answer = await service.createDepositIntent({ user, draft: request.body, clientKey });
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );

    app.post(
      '/api/payments/simulated/confirm',
      {
        schema: {
          body: SimulatedConfirmRequestSchema,
          response: withErrors({ 200: PaymentStatusResponseSchema }),
        },
      },
      async (request, reply) => {
        const { paymentId, clientSecret, cardNumber, expiry, cvc } = request.body;
        if (provider.name !== 'simulated') throw new DomainError('not_found', 'Not found.');
        await limiter.consume({ key: `payments:confirm:ip:${request.ip}`, max: 300, windowMs: HOUR });
        // Only the holder of the client secret counts against (and can exhaust) a payment's attempts.
        const payment = await service.authorize(paymentId, clientSecret);
        await limiter.consume({ key: `payments:confirm:payment:${paymentId}`, max: 30, windowMs: HOUR });
        const card = { cardNumber, expiry, cvc };
        const attempt = () => service.confirmSimulated({ payment, clientSecret, card });
        // A card the form refuses field by field never reaches the processor: it is no card try, and
        // holds none of the form's or the tryer's failed attempts while it is answered.
        const wellFormed = Object.keys(validateCard(card, app.clock.now())).length === 0;
        const status = wellFormed
          ? await cardTesting.tryCard(
              { paymentId: payment.id, ...(await cardTryerOf(request, cardTesting)) },
              attempt,
            )
          : await attempt();
        return reply.header('cache-control', 'no-store').send(status);
      },
    );

    app.get(
      '/api/payments/:paymentId/status',
      {
        schema: {
          params: PaymentIdParamsSchema,
          querystring: PaymentStatusQuerySchema,
          response: withErrors({ 200: PaymentStatusResponseSchema }),
        },
      },
      async (request, reply) => {
        const status = await service.status(request.params.paymentId, request.query.clientSecret);
        if (status.status === 'failed') {
          const tryer = await cardTryerOf(request, cardTesting);
          status.failureMessage = await cardTesting.failureMessageFor(status.failureMessage, tryer);
        }
        return reply.header('cache-control', 'no-store').send(status);
      },
    );
  };

/** Stripe's events for a refund whose status changed (a pending card refund succeeded or failed). */
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed', 'charge.refund.updated']);

/**
 * POST /api/webhooks/stripe. Its own plugin, so its body parser (the raw bytes the signature covers)
 * applies to this route only. Bad, stale or missing signature → 400; the effects run on the event path.
 */
export const stripeWebhookRoutes =
  (deps: {
    provider: StripeProvider;
    events: PaymentEvents;
    /** A refund changed at Stripe (settlement looks at it again now); true when it is one of ours. */
    refundChanged: (refundId: string) => Promise<boolean>;
    cardTesting: CardTestingGuard;
  }): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/webhooks/stripe',
      {
        schema: {
          response: withErrors({ 200: StripeWebhookResponseSchema }),
          description: 'Stripe events, signed (`Stripe-Signature`); the body is read as raw bytes.',
        },
      },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature === '' || !Buffer.isBuffer(request.body)) {
          throw new DomainError('invalid_signature', 'Missing Stripe signature.');
        }
        let event;
        try {
          event = deps.provider.verifyWebhook(request.body, signature);
        } catch (err) {
          request.log.warn({ err }, 'Stripe webhook with a bad signature');
          throw new DomainError('invalid_signature', 'Invalid Stripe signature.');
        }
        if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
          const paymentEvent = {
            provider: 'stripe' as const,
            eventId: event.id,
            type: event.type,
            intent: fromStripeIntent(event.data.object),
          };
          const result =
            event.type === 'payment_intent.succeeded'
              ? await deps.events.applyPaymentSucceeded(paymentEvent)
              : await deps.events.applyPaymentFailed(paymentEvent);
          if (result.outcome === 'recorded_failure' && result.paymentId) {
            // A card failed on one of our forms: counted. Once the form, or whoever started it, has used
            // its failed attempts, the form is canceled at Stripe and takes no further card.
            if (await deps.cardTesting.recordFailure(result.paymentId)) {
              await deps.provider.cancelIntent(paymentEvent.intent.id).catch((err: unknown) => {
                request.log.error(
                  { err, paymentId: result.paymentId },
                  'could not cancel a payment form at Stripe',
                );
              });
            }
          }
          return reply.send({ received: true, outcome: result.outcome });
        }
        if (REFUND_EVENTS.has(event.type)) {
          const refund = event.data.object as { object?: string; id?: unknown };
          if (refund.object === 'refund' && typeof refund.id === 'string') {
            const ours = await deps.refundChanged(refund.id);
            return reply.send({ received: true, outcome: ours ? 'refund_check_queued' : 'unknown_refund' });
          }
        }
        return reply.send({ received: true, outcome: 'ignored' });
      },
    );
  };
