import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '@kept/domain';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { confirmSimulatedPayment, type CardDetails } from './api';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input';
import { PayButton, PaymentMessages, PaymentTabs } from './payment-parts';
import type { PaymentFormProps } from './payment-form';
import { usePaymentFlow } from './use-payment-flow';

type CardField = keyof CardDetails;
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc'];

/**
 * The built-in card form of the simulated provider: card number, expiry and CVC, confirmed through our
 * server, which answers like a card processor in test mode (field messages, declines).
 */
export function SimulatedCardForm(props: PaymentFormProps) {
  const { payLabel } = props;
  const flow = usePaymentFlow(props);
  const [card, setCard] = useState<CardDetails>({ cardNumber: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const noteId = useId();

  const update = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function confirm(intent: Parameters<typeof confirmSimulatedPayment>[0]) {
    try {
      return await confirmSimulatedPayment(intent, card);
    } catch (error) {
      if (error instanceof ApiError) {
        const known = Object.fromEntries(
          Object.entries(error.fields).filter(([key]) => (CARD_FIELDS as readonly string[]).includes(key)),
        );
        if (Object.keys(known).length > 0) {
          setFieldErrors(known);
          return null;
        }
      }
      throw error;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (flow.phase === 'paying') return;
    setFieldErrors({});
    void flow.run(confirm, formatCents);
  }

  if (flow.phase === 'succeeded' || flow.phase === 'processing') {
    return <PaymentMessages phase={flow.phase} error={flow.error} successText={props.successText} />;
  }

  const busy = flow.phase === 'paying';
  const fieldSummary = CARD_FIELDS.map((field) => fieldErrors[field])
    .filter(Boolean)
    .join(' ');

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Payment" className="space-y-4">
      <PaymentTabs>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Card number"
            error={fieldErrors.cardNumber}
            className="sm:col-span-2"
            aria-describedby={noteId}
            name="cardNumber"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.cardNumber}
            onChange={(event) => update('cardNumber', formatCardNumber(event.target.value))}
            disabled={busy}
            inputClassName="tabular"
          />
          <TextField
            label="Expiry"
            error={fieldErrors.expiry}
            name="expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(event) => update('expiry', formatExpiry(event.target.value, card.expiry))}
            disabled={busy}
            inputClassName="tabular"
          />
          <TextField
            label="CVC"
            error={fieldErrors.cvc}
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={card.cvc}
            onChange={(event) => update('cvc', formatCvc(event.target.value))}
            disabled={busy}
            inputClassName="tabular"
          />
        </div>
        <p id={noteId} className="mt-3 text-xs text-slate-600">
          Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future expiry date and any
          3-digit CVC.
        </p>
      </PaymentTabs>
      <PaymentMessages phase={flow.phase} error={flow.error} announce={fieldSummary} />
      <PayButton busy={busy} label={payLabel} />
    </form>
  );
}
