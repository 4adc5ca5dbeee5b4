// The app's payment service on a database of the test's choosing, with the simulated provider and the
// deposit and donation effects registered as the app registers them: for tests that confirm a card
// outside the app (in a process of its own, or on a pool of their own) and step in after the charge.
import { createSimulatedProvider } from '../../src/adapters/payments/simulated.ts';
import type { Clock } from '../../src/clock.ts';
import type { Db } from '../../src/db/client.ts';
import { applyDonation } from '../../src/modules/donations/index.ts';
import { createPaymentEvents } from '../../src/modules/payments/apply-payment-event.ts';
import type { Log } from '../../src/modules/payments/deps.ts';
import { createPaymentEffects } from '../../src/modules/payments/effects.ts';
import { createPaymentService, type PaymentService } from '../../src/modules/payments/index.ts';
import { depositPaymentEffect } from '../../src/modules/projects/create-from-deposit.ts';

export function simulatedPaymentService(
  db: Db,
  opts: { clock: Clock; log: Log; afterCharge: () => Promise<void> },
): PaymentService {
  const { clock, log } = opts;
  const baseUrl = 'http://localhost:3000';
  const effects = createPaymentEffects();
  effects.register('deposit', depositPaymentEffect({ baseUrl, log }));
  effects.register('donation', applyDonation({ baseUrl }));
  const events = createPaymentEvents({ db, clock, log, effects });
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
