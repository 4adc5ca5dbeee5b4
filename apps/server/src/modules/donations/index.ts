// Donations: the 'donation' payment kind's effect (apply-donation.ts), registered with payments, and the
// route that starts a donation (start-donation.ts).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentsModule } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { applyDonation } from './apply-donation.ts';
import { donationRoutes } from './routes.ts';
import { startDonation } from './start-donation.ts';

export { applyDonation } from './apply-donation.ts';

export async function registerDonations(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; limiter: RateLimiter; payments: PaymentsModule; baseUrl: string },
): Promise<void> {
  deps.payments.effects.register('donation', applyDonation({ baseUrl: deps.baseUrl }));
  await app.register(
    donationRoutes({
      cardTesting: deps.payments.cardTesting,
      startDonation: (input) => startDonation(deps, input),
    }),
  );
}
