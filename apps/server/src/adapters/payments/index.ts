// Picks the payment provider from the settings: Stripe when its three keys are set, else simulated.
// Stripe's SDK is loaded only for Stripe: an instance with simulated payments never needs it, and it
// costs start-up time and a share of the heap every collection walks (decision 049).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSimulatedProvider, type SimulatedProvider } from './simulated.ts';
import type { StripeProvider } from './stripe.ts';

export type ConfiguredProvider = SimulatedProvider | StripeProvider;

export async function createPaymentProvider(
  payments: Config['payments'],
  db: Db,
): Promise<ConfiguredProvider> {
  if (payments.provider !== 'stripe') return createSimulatedProvider(db);
  const { createStripeProvider } = await import('./stripe.ts');
  return createStripeProvider(payments);
}

export type { PaymentProvider, ProviderIntent, ProviderName } from './provider.ts';
export { ProviderError } from './provider.ts';
