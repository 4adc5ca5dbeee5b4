import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DonationRequestSchema, PaymentIntentResponseSchema } from '@kept/contract';
import { withErrors } from '../../http/responses.ts';
import type { CardTestingGuard } from '../payments/card-testing.ts';
import { cardTryerOf, idempotencyKeyOf } from '../payments/routes.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { DonationService } from './service.ts';

const HOUR = 3_600_000;

/** POST /api/donations/intent: anyone may start a donation to a project they do not own. */
export const donationRoutes =
  (deps: {
    donations: DonationService;
    limiter: RateLimiter;
    cardTesting: CardTestingGuard;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/donations/intent',
      { schema: { body: DonationRequestSchema, response: withErrors({ 200: PaymentIntentResponseSchema }) } },
      async (request, reply) => {
        const clientKey = idempotencyKeyOf(request);
        await deps.limiter.consume({ key: `payments:donation:ip:${request.ip}`, max: 300, windowMs: HOUR });
        const tryer = await cardTryerOf(request, deps.cardTesting);
        // A visitor who has used this hour's failed card attempts starts no new form.
        await deps.cardTesting.checkTryer(tryer);
        const answer = await deps.donations.createDonationIntent({
          donation: request.body,
          donorUserId: tryer.userId,
          visitor: tryer.visitor,
          clientKey,
        });
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );
  };
