import { Suspense, lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PanelLoading } from '../../components/ui/panel-loading';
import { paymentsConfigQuery } from './api';
import { SimulatedCardForm } from './simulated-card-form';
import type { PaymentFlowOptions } from './use-payment-flow';

export type { PrepareResult } from './use-payment-flow';

// Stripe's code (and the script it loads from js.stripe.com) is fetched only when the server says
// payments go through Stripe: it never enters the initial bundle or the screens' chunks.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export interface PaymentFormProps extends PaymentFlowOptions {
  /** The pay button's text, e.g. 'Pay $52.90 Deposit'. */
  payLabel: string;
  /** Where Stripe sends the payer back when the card needs a redirect (3-D Secure). */
  returnUrl: string;
  /** The green notice that replaces the form once paid. */
  successText?: string | undefined;
}

function Loading() {
  return <PanelLoading>Loading payment form...</PanelLoading>;
}

/**
 * The payment form for the configured provider: the simulated card form (default), or Stripe's
 * Payment Element. The caller's `prepare` validates its own form and creates the intent when the payer
 * presses Pay; nothing is charged before that.
 */
export function PaymentForm(props: PaymentFormProps) {
  const config = useQuery(paymentsConfigQuery());

  if (config.isPending) return <Loading />;
  if (config.isError) {
    return (
      <Alert tone="error" title={MESSAGES.paymentFormError}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { provider, publishableKey } = config.data;
  if (provider === 'stripe') {
    if (!publishableKey) return <Alert tone="error">{MESSAGES.paymentFormError}</Alert>;
    return (
      <Suspense fallback={<Loading />}>
        <StripePaymentForm {...props} publishableKey={publishableKey} />
      </Suspense>
    );
  }
  return <SimulatedCardForm {...props} />;
}
