import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@kept/domain';
import { ApiError, NetworkError } from '../../lib/api';
import { waitForPayment, type PaymentIntentResponse, type PaymentStatusResponse } from './api';

/** What the caller's `prepare` answers: the intent to confirm, or why the payment cannot start. */
export type PrepareResult = { ok: true; intent: PaymentIntentResponse } | { ok: false; message: string };

export interface PaymentFlowOptions {
  /** Checks the surrounding form first (no network): the message to show, or null to go ahead. */
  validate: () => string | null | Promise<string | null>;
  /**
   * Checks the surrounding form, then creates (or reuses) the payment intent on the server. Called when
   * the payer presses Pay, before any card is charged.
   */
  prepare: () => Promise<PrepareResult>;
  /** The amount the payer was shown. A server answer for another amount stops the payment. */
  amountCents: number | null;
  onSucceeded: (status: PaymentStatusResponse, intent: PaymentIntentResponse) => void;
  onBusyChange?: ((busy: boolean) => void) | undefined;
  /**
   * Identifies what the caller's form holds (e.g. the request it would send, a new object whenever the
   * form changes). A validation message disappears once the form changes, so it never describes a
   * form that is no longer there.
   */
  formKey?: unknown;
  /** How long to wait for a payment that is still processing (tests shorten it). */
  waitTimeoutMs?: number | undefined;
}

export type PaymentPhase = 'idle' | 'paying' | 'succeeded' | 'processing';

/** A payment problem whose message is meant for the payer as is (e.g. Stripe's decline text). */
export class PaymentMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentMessageError';
  }
}

/** The spec's texts for a payment that went wrong: the server's own message when it sent one. */
export function paymentErrorMessage(
  error: unknown,
  fallback: string = MESSAGES.paymentProcessingFailed,
): string {
  if (error instanceof PaymentMessageError) return error.message;
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

export const PAYMENT_TEXT = {
  succeeded: 'Payment successful',
  processing:
    'Your payment is still being processed. It will appear here as soon as your card processor confirms it; there is no need to pay again.',
  amountChanged: (serverAmount: string) =>
    `The amount to pay is ${serverAmount}, not what was shown before. Please check it and press Pay again.`,
} as const;

/**
 * The steps every payment form shares: prepare (validate + intent), confirm with the provider, wait
 * for the final status, and say how it went. The form keeps what was typed whatever happens.
 */
export function usePaymentFlow(options: PaymentFlowOptions) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [problem, setProblem] = useState<{ message: string; formKey?: unknown } | null>(null);
  const setError = useCallback((message: string | null) => setProblem(message ? { message } : null), []);
  const error =
    problem && (!('formKey' in problem) || problem.formKey === options.formKey) ? problem.message : null;
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const abort = useRef<AbortController | null>(null);
  // Checking the caller's form may take a moment: a second press meanwhile starts nothing.
  const checking = useRef(false);
  useEffect(() => () => abort.current?.abort(), []);

  const setBusy = useCallback((busy: boolean) => optionsRef.current.onBusyChange?.(busy), []);

  /**
   * Runs one payment: validate the caller's form, `collect` the payment details (Stripe checks its
   * fields; returns a message to stop), create the intent, then `confirm` asks the provider to charge
   * the card and answers our server's status, or null when it showed its own error (a field message).
   * Throw a PaymentMessageError to show a provider's text.
   */
  const run = useCallback(
    async (
      confirm: (intent: PaymentIntentResponse) => Promise<PaymentStatusResponse | null>,
      formatAmount: (cents: number) => string,
      collect?: () => Promise<string | null>,
    ) => {
      const { prepare, validate, amountCents } = optionsRef.current;
      const finish = (next: PaymentPhase, message: string | null = null) => {
        setPhase(next);
        setError(message);
        setBusy(false);
      };
      if (checking.current) return;
      checking.current = true;
      const invalid = await Promise.resolve(validate()).finally(() => {
        checking.current = false;
      });
      if (invalid) {
        setPhase('idle');
        setProblem({ message: invalid, formKey: optionsRef.current.formKey });
        return;
      }
      setPhase('paying');
      setError(null);
      setBusy(true);
      try {
        const collectError = collect ? await collect() : null;
        if (collectError) return finish('idle', collectError);
        const prepared = await prepare();
        if (!prepared.ok) return finish('idle', prepared.message);
        const { intent } = prepared;
        if (amountCents !== null && intent.amountCents !== amountCents) {
          return finish('idle', PAYMENT_TEXT.amountChanged(formatAmount(intent.amountCents)));
        }
        let status = await confirm(intent);
        if (status === null) return finish('idle');
        if (status.status !== 'succeeded' && status.status !== 'failed' && status.status !== 'canceled') {
          abort.current = new AbortController();
          const waitOptions: { signal: AbortSignal; timeoutMs?: number } = { signal: abort.current.signal };
          if (optionsRef.current.waitTimeoutMs !== undefined)
            waitOptions.timeoutMs = optionsRef.current.waitTimeoutMs;
          status = (await waitForPayment(intent, waitOptions)) ?? status;
        }
        if (status.status === 'succeeded') {
          finish('succeeded');
          optionsRef.current.onSucceeded(status, intent);
          return;
        }
        if (status.status === 'failed' || status.status === 'canceled') {
          return finish('idle', status.failureMessage ?? MESSAGES.paymentFailed);
        }
        return finish('processing', PAYMENT_TEXT.processing);
      } catch (caught) {
        if (caught instanceof DOMException && caught.name === 'AbortError') return;
        if (!(
          caught instanceof ApiError ||
          caught instanceof NetworkError ||
          caught instanceof PaymentMessageError
        ))
          console.error(caught);
        return finish('idle', paymentErrorMessage(caught));
      }
    },
    [setBusy, setError],
  );

  return { phase, error, setError, run };
}
