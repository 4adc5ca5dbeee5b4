// Stripe's Payment Element (tabs layout). Loaded lazily, only when the server's provider is Stripe.
import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementsOptions } from '@stripe/stripe-js';
import { MESSAGES, MIN_DONATION_CENTS, formatCents } from '@kept/domain';
import { fetchPaymentStatus } from './api';
import { PayButton, PaymentMessages } from './payment-parts';
import type { PaymentFormProps } from './payment-form';
import { PaymentMessageError, usePaymentFlow } from './use-payment-flow';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key for the whole page (it loads Stripe's script once). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

type Props = PaymentFormProps & { publishableKey: string };

export default function StripePaymentForm({ publishableKey, ...props }: Props) {
  // Deferred intent: the element is shown before the intent exists (it is created when the payer
  // presses Pay). The amount here only lets Stripe pick suitable card options; the charge is the
  // server's intent, and the pay button shows the same server-computed amount.
  const options: StripeElementsOptions = {
    mode: 'payment',
    amount: Math.max(props.amountCents ?? MIN_DONATION_CENTS, MIN_DONATION_CENTS),
    currency: 'usd',
    allowedPaymentMethodTypes: ['card'],
    appearance: {
      theme: 'stripe',
      variables: {
        colorPrimary: '#047857',
        colorDanger: '#b91c1c',
        borderRadius: '8px',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      },
    },
  };
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm(props: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const flow = usePaymentFlow(props);
  const [ready, setReady] = useState(false);

  async function collect(): Promise<string | null> {
    if (!elements) return MESSAGES.paymentFormError;
    const { error } = await elements.submit();
    return error ? (error.message ?? MESSAGES.paymentDetailsFailed) : null;
  }

  async function confirm(intent: Parameters<typeof fetchPaymentStatus>[0]) {
    if (!stripe || !elements) throw new PaymentMessageError(MESSAGES.paymentFormError);
    const { error } = await stripe.confirmPayment({
      elements,
      clientSecret: intent.clientSecret,
      confirmParams: { return_url: props.returnUrl },
      redirect: 'if_required',
    });
    if (error) throw new PaymentMessageError(error.message ?? MESSAGES.paymentFailed);
    // Stripe took the payment; our server books it when Stripe's webhook arrives: ask until it has.
    return fetchPaymentStatus(intent);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (flow.phase === 'paying') return;
    void flow.run(confirm, formatCents, collect);
  }

  if (flow.phase === 'succeeded' || flow.phase === 'processing') {
    return <PaymentMessages phase={flow.phase} error={flow.error} successText={props.successText} />;
  }
  const busy = flow.phase === 'paying';
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Payment" className="space-y-4">
      <div className="min-h-40">
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={() => flow.setError(MESSAGES.paymentFormError)}
        />
      </div>
      <PaymentMessages phase={flow.phase} error={flow.error} />
      <PayButton busy={busy} label={props.payLabel} disabled={!ready || !stripe} />
    </form>
  );
}
