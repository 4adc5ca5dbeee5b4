// Donations' route: parse, call the use case, reply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DonationRequestSchema,
  PaymentIntentResponseSchema,
  type PaymentIntentResponse,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import type { CardTestingGuard, CardTryer } from '../payments/card-testing.ts';
import { cardTryerOf, idempotencyKeyOf } from '../payments/routes.ts';
import type { DonationData } from '@kept/contract';

/** POST /api/donations/intent: anyone may start a donation to a project they do not own. */
export const donationRoutes =
  (deps: {
    cardTesting: CardTestingGuard;
    startDonation: (input: {
      donation: DonationData;
      clientKey: string | undefined;
      ip: string;
      tryer: () => Promise<CardTryer>;
    }) => Promise<PaymentIntentResponse>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/donations/intent',
      { schema: { body: DonationRequestSchema, response: withErrors({ 200: PaymentIntentResponseSchema }) } },
      async (request, reply) => {
        const answer = await deps.startDonation({
          donation: request.body,
          clientKey: idempotencyKeyOf(request),
          ip: request.ip,
          tryer: () => cardTryerOf(request, deps.cardTesting),
        });
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );
  };
