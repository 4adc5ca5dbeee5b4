// Money in: wires the payment provider, the event path, payments and donations into
// the app. Reconciliation is the jobs' 'reconcile_payments' task (jobs/tasks.ts).
import type { FastifyInstance } from 'fastify';
import { createPaymentProvider, type ConfiguredProvider } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDonationService } from '../donations/service.ts';
import { donationRoutes } from '../donations/routes.ts';
import { refundChanged } from '../settlement/service.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { createCardTestingGuard } from './card-testing.ts';
import { createPaymentEvents, type PaymentEvents } from './events.ts';
import { paymentRoutes, stripeWebhookRoutes } from './routes.ts';
import { createPaymentService, type PaymentService } from './service.ts';

export type PaymentsModule = {
  provider: ConfiguredProvider;
  events: PaymentEvents;
  /** Re-applies payments the provider took that we have not applied (see PaymentService.reconcile). */
  reconcile: PaymentService['reconcile'];
};

export async function registerPayments(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    limiter: RateLimiter;
    /** The app's secret: visitor keys are HMACs under it. */
    secret: string;
  },
): Promise<PaymentsModule> {
  const { config, db, clock, limiter } = deps;
  const provider = createPaymentProvider(config.payments, db);
  const events = createPaymentEvents({ db, clock, baseUrl: config.baseUrl, log: app.log });
  const service = createPaymentService({ db, provider, events, clock, log: app.log });
  const donations = createDonationService({ db, payments: service, clock });

  const cardTesting = createCardTestingGuard({ db, limiter, secret: deps.secret });

  await app.register(paymentRoutes({ provider, service, limiter, cardTesting }));
  if (provider.name === 'stripe') {
    const refundChangedNow = (refundId: string) => refundChanged(db, refundId, clock.now());
    await app.register(
      stripeWebhookRoutes({ provider, events, refundChanged: refundChangedNow, cardTesting }),
    );
  }
  await app.register(donationRoutes({ donations, limiter, cardTesting }));

  const module: PaymentsModule = { provider, events, reconcile: service.reconcile };
  app.decorate('payments', module);
  return module;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}
