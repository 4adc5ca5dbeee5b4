import { useId, type ReactNode } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CreditCard from 'lucide-react/icons/credit-card';
import Lock from 'lucide-react/icons/lock';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PAYMENT_TEXT, type PaymentPhase } from './use-payment-flow';

/** The payment tabs look: a tab row (only 'Card' for now, selected) above its panel. */
export function PaymentTabs({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50/60">
      <div role="tablist" aria-label="Payment method" className="flex gap-2 border-b border-slate-200 p-2">
        <button
          type="button"
          role="tab"
          id={`${id}-tab`}
          aria-selected="true"
          aria-controls={`${id}-panel`}
          className="inline-flex min-h-11 min-w-28 items-center gap-2 rounded-lg border-2 border-primary-700 bg-white px-3 py-2 text-sm font-semibold text-primary-800 shadow-sm"
        >
          <CreditCard aria-hidden="true" className="size-4" />
          Card
        </button>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`} className="p-4">
        {children}
      </div>
    </div>
  );
}

/** The pay button: the amount in its label, a spinner while the payment runs. */
export function PayButton({ busy, label, disabled }: { busy: boolean; label: string; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      loading={busy}
      disabled={disabled}
      icon={<Lock aria-hidden="true" className="size-4" />}
      className="w-full tabular"
    >
      {busy ? 'Processing...' : label}
    </Button>
  );
}

/**
 * Where the payment says how it went, announced as it changes: the error (the processor's decline,
 * the server's message), the green success notice, or 'still processing'.
 */
export function PaymentMessages({
  phase,
  error,
  announce,
  successText = PAYMENT_TEXT.succeeded,
}: {
  phase: PaymentPhase;
  error: string | null;
  /** Said to screen readers only (field messages already shown next to their fields). */
  announce?: string | undefined;
  successText?: string | undefined;
}) {
  if (phase === 'succeeded') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
      >
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-green-700" />
        <p className="font-semibold">{successText}</p>
      </div>
    );
  }
  if (phase === 'processing') return <Alert tone="info">{error ?? PAYMENT_TEXT.processing}</Alert>;
  return (
    <div aria-live="assertive" aria-atomic="true">
      {error ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {announce ? <p className="sr-only">{announce}</p> : null}
    </div>
  );
}
