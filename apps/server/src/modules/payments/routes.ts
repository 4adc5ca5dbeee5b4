// Payments' routes: parse, call one use case, reply. The use cases are the <verb-noun>.ts files.
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
import type Stripe from 'stripe';
import type { ConfiguredProvider } from '../../adapters/payments/index.ts';
import type { StripeProvider } from '../../adapters/payments/stripe.ts';
// request.currentUser / requireUser: the auth context's request decorators (their types).
import type {} from '../../http/auth-context.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import type { CardTestingGuard, CardTryer } from './card-testing.ts';
import type { PaymentsUseCases } from './index.ts';

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
    cardTesting: CardTestingGuard;
    useCases: PaymentsUseCases;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { provider, cardTesting, useCases } = deps;

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
        const answer = await useCases.startDeposit({
          user,
          draft: request.body,
          clientKey: idempotencyKeyOf(request),
          from: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          tryer: () => cardTryerOf(request, cardTesting),
        });
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
        const status = await useCases.confirmPayment({
          paymentId,
          clientSecret,
          card: { cardNumber, expiry, cvc },
          ip: request.ip,
          tryer: () => cardTryerOf(request, cardTesting),
          elapsedMs: () => reply.elapsedTime,
        });
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
        const status = await useCases.paymentStatus({
          paymentId: request.params.paymentId,
          clientSecret: request.query.clientSecret,
          tryer: () => cardTryerOf(request, cardTesting),
        });
        return reply.header('cache-control', 'no-store').send(status);
      },
    );
  };

/**
 * POST /api/webhooks/stripe. Its own plugin, so its body parser (the raw bytes the signature covers)
 * applies to this route only. Bad, stale or missing signature → 400; the effects run on the event path.
 */
export const stripeWebhookRoutes =
  (deps: {
    provider: StripeProvider;
    handleStripeEvent: (event: Stripe.Event) => Promise<{ received: true; outcome: string }>;
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
        return reply.send(await deps.handleStripeEvent(event));
      },
    );
  };
