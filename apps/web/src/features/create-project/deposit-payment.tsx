import { MESSAGES, TERMS_VERSION } from '@kept/domain';
import { ApiError, NetworkError } from '../../lib/api';
import {
  PaymentForm,
  createDepositIntent,
  newIdempotencyKey,
  type DepositIntentResponse,
  type PaymentFormProps,
  type PrepareResult,
} from '../payments';
import type { DraftRequest } from './draft';

export interface DepositPaymentProps extends Omit<PaymentFormProps, 'prepare' | 'formKey'> {
  /** The project the deposit is for, as the form's values make it (a new object when they change). */
  draft: DraftRequest;
  /** The intent already made for this very draft (a payment that failed), reused by the next Pay. */
  reusable: DepositIntentResponse | null;
  onIntent: (draft: DraftRequest, intent: DepositIntentResponse) => void;
}

/**
 * The card form; Pay (once the form's check passed) creates the deposit intent for the draft, or reuses
 * the one made for it: the server checks the draft again and computes the charge.
 */
export function DepositPayment({ draft, reusable, onIntent, ...props }: DepositPaymentProps) {
  async function prepare(): Promise<PrepareResult> {
    if (reusable) return { ok: true, intent: reusable };
    try {
      const created = await createDepositIntent(
        { ...draft, agreedToTerms: TERMS_VERSION },
        newIdempotencyKey(),
      );
      onIntent(draft, created);
      return { ok: true, intent: created };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, message: MESSAGES.networkError };
      if (error instanceof ApiError && error.fromServer) return { ok: false, message: error.message };
      return { ok: false, message: MESSAGES.paymentIntentFailed };
    }
  }

  return <PaymentForm {...props} prepare={prepare} formKey={draft} />;
}
