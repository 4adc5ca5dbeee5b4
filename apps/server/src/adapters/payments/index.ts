// Picks the payment provider from the settings: Stripe when its three keys are set, else simulated.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSimulatedProvider, type SimulatedProvider } from './simulated.ts';
import { createStripeProvider, type StripeProvider } from './stripe.ts';

export type ConfiguredProvider = SimulatedProvider | StripeProvider;

export function createPaymentProvider(payments: Config['payments'], db: Db): ConfiguredProvider {
  return payments.provider === 'stripe' ? createStripeProvider(payments) : createSimulatedProvider(db);
}

export type { PaymentProvider, ProviderIntent, ProviderName } from './provider.ts';
export { ProviderError } from './provider.ts';
