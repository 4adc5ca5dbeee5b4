// Money in: the payment provider, the event path every payment outcome takes, the payment routes and
// Stripe's webhook. Payments knows no feature: each payment kind's effect is registered by the feature
// that owns it (effects.ts; projects: 'deposit', donations: 'donation'). Reconciliation is the jobs'
// 'reconcile_payments' task (jobs/tasks.ts).
import type { FastifyInstance } from 'fastify';
import { createPaymentProvider, type ConfiguredProvider } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { refundChanged } from '../settlement/index.ts';
import { createPaymentEvents, type PaymentEvents } from './apply-payment-event.ts';
import { createCardTestingGuard, type CardTestingGuard } from './card-testing.ts';
import { confirmPayment, confirmSimulated } from './confirm-payment.ts';
import type { PaymentDeps } from './deps.ts';
import { createPaymentEffects, type PaymentEffects } from './effects.ts';
import { handleStripeEvent } from './handle-stripe-event.ts';
import { authorizePayment, paymentStatus } from './payment-status.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import { paymentRoutes, stripeWebhookRoutes } from './routes.ts';
import { startDeposit } from './start-deposit.ts';
import { startPayment, type StartPaymentInput } from './start-payment.ts';

export type { PaymentEffect, PaymentEffectInput, PaymentEffects } from './effects.ts';
export type { StartPaymentInput } from './start-payment.ts';

/**
 * The payment use cases bound to their dependencies: what the routes, the jobs and other features
 * (a donation starts a payment) call.
 */
export function createPaymentService(deps: PaymentDeps & { events: PaymentEvents }) {
  return {
    startPayment: (input: StartPaymentInput) => startPayment(deps, input),
    authorize: (paymentId: string, clientSecret: string) => authorizePayment(deps, paymentId, clientSecret),
    confirmSimulated: (input: Parameters<typeof confirmSimulated>[1]) => confirmSimulated(deps, input),
    reconcile: (opts?: Parameters<typeof reconcilePayments>[1]) => reconcilePayments(deps, opts),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

export type PaymentsUseCases = {
  startDeposit: (input: Parameters<typeof startDeposit>[1]) => ReturnType<typeof startDeposit>;
  confirmPayment: (input: Parameters<typeof confirmPayment>[1]) => ReturnType<typeof confirmPayment>;
  paymentStatus: (input: Parameters<typeof paymentStatus>[1]) => ReturnType<typeof paymentStatus>;
};

export type PaymentsModule = {
  provider: ConfiguredProvider;
  events: PaymentEvents;
  /** Where each payment kind's feature registers its effect. */
  effects: PaymentEffects;
  /** Starts a payment of a registered kind (a donation's intent). */
  startPayment: PaymentService['startPayment'];
  /** Card-testing bounds, for features that start payment forms. */
  cardTesting: CardTestingGuard;
  /** Re-applies payments the provider took that we have not applied (reconcile-payments.ts). */
  reconcile: PaymentService['reconcile'];
};

export async function registerPayments(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    /** Where payment outcomes are recorded: connections of their own (Database.payments). */
    paymentsDb: Db;
    clock: Clock;
    limiter: RateLimiter;
    /** The app's secret: visitor keys are HMACs under it. */
    secret: string;
  },
): Promise<PaymentsModule> {
  const { config, db, clock, limiter } = deps;
  const provider = await createPaymentProvider(config.payments, db);
  const effects = createPaymentEffects();
  const events = createPaymentEvents({ db: deps.paymentsDb, clock, log: app.log, effects });
  const cardTesting = createCardTestingGuard({ db, limiter, secret: deps.secret });
  const base = { db, provider, effects, events, clock, log: app.log };
  const service = createPaymentService(base);
  const useCaseDeps = { ...base, limiter, cardTesting, chargeDeadlineMs: config.chargeDeadlineMs };

  await app.register(
    paymentRoutes({
      provider,
      cardTesting,
      useCases: {
        startDeposit: (input) => startDeposit(useCaseDeps, input),
        confirmPayment: (input) => confirmPayment(useCaseDeps, input),
        paymentStatus: (input) => paymentStatus(useCaseDeps, input),
      },
    }),
  );
  if (provider.name === 'stripe') {
    const stripeDeps = {
      provider,
      events,
      cardTesting,
      refundChanged: (refundId: string) => refundChanged(db, refundId, clock.now()),
      log: app.log,
    };
    await app.register(
      stripeWebhookRoutes({ provider, handleStripeEvent: (event) => handleStripeEvent(stripeDeps, event) }),
    );
  }

  const module: PaymentsModule = {
    provider,
    events,
    effects,
    startPayment: service.startPayment,
    cardTesting,
    reconcile: service.reconcile,
  };
  app.decorate('payments', module);
  return module;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}
