// Money in: wires the payment provider, the event path, payments, donations and the newsletter into
// the app, and runs reconciliation in the background (not under tests, which call it directly).
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/email/mailer.ts';
import { createPaymentProvider, type ConfiguredProvider } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDonationService } from '../donations/service.ts';
import { donationRoutes } from '../donations/routes.ts';
import { createNewsletterService } from '../newsletter/service.ts';
import { refundChanged } from '../settlement/service.ts';
import { newsletterRoutes } from '../newsletter/routes.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { createCardTestingGuard } from './card-testing.ts';
import { createPaymentEvents, type PaymentEvents } from './events.ts';
import { paymentRoutes, stripeWebhookRoutes } from './routes.ts';
import { createPaymentService, type PaymentService } from './service.ts';

const RECONCILE_EVERY_MS = 5 * 60_000;

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
    mailer: Mailer;
    clock: Clock;
    limiter: RateLimiter;
    /** The app's secret: visitor keys are HMACs under it. */
    secret: string;
  },
): Promise<PaymentsModule> {
  const { config, db, mailer, clock, limiter } = deps;
  const provider = createPaymentProvider(config.payments, db);
  const events = createPaymentEvents({ db, mailer, clock, baseUrl: config.baseUrl, log: app.log });
  const service = createPaymentService({ db, provider, events, clock, log: app.log });
  const donations = createDonationService({ db, payments: service, clock });
  const newsletter = createNewsletterService({ db, mailer, baseUrl: config.baseUrl });

  const cardTesting = createCardTestingGuard({ db, limiter, secret: deps.secret });

  await app.register(paymentRoutes({ provider, service, limiter, cardTesting }));
  if (provider.name === 'stripe') {
    const refundChangedNow = (refundId: string) => refundChanged(db, refundId, clock.now());
    await app.register(
      stripeWebhookRoutes({ provider, events, refundChanged: refundChangedNow, cardTesting }),
    );
  }
  await app.register(donationRoutes({ donations, limiter, cardTesting }));
  await app.register(newsletterRoutes({ newsletter, limiter, baseUrl: config.baseUrl }));

  if (config.env !== 'test') {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const run = () => {
      running = service.reconcile().catch((err: unknown) => app.log.error({ err }, 'reconciliation failed'));
    };
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, RECONCILE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  const module: PaymentsModule = { provider, events, reconcile: service.reconcile };
  app.decorate('payments', module);
  return module;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}
