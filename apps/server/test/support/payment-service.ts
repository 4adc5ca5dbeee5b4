// The app's payment service on a database of the test's choosing, with the simulated provider and the
// deposit and donation effects registered as the app registers them, and payment outcomes recorded on
// the database's payments pool as the app records them: for tests that confirm a card outside the app
// (in a process of its own, or on pools of their own) and step in after the charge.
import { createSimulatedProvider } from '../../src/adapters/payments/simulated.ts';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import { applyDonation } from '../../src/modules/donations/index.ts';
import { createPaymentEvents } from '../../src/modules/payments/apply-payment-event.ts';
import type { Log } from '../../src/modules/payments/deps.ts';
import { createPaymentEffects } from '../../src/modules/payments/effects.ts';
import { createPaymentService, type PaymentService } from '../../src/modules/payments/index.ts';
import { depositPaymentEffect } from '../../src/modules/projects/create-from-deposit.ts';

export function simulatedPaymentService(
  database: Pick<Database, 'db' | 'payments'>,
  opts: { clock: Clock; log: Log; afterCharge: () => Promise<void> },
): PaymentService {
  const { clock, log } = opts;
  const { db } = database;
  const baseUrl = 'http://localhost:3000';
  const effects = createPaymentEffects();
  effects.register('deposit', depositPaymentEffect({ baseUrl, log }));
  effects.register('donation', applyDonation({ baseUrl }));
  const events = createPaymentEvents({ db: database.payments.db, clock, log, effects });
  return createPaymentService({
    db,
    provider: createSimulatedProvider(db),
    effects,
    events,
    clock,
    log,
    faults: { afterCharge: opts.afterCharge },
  });
}
