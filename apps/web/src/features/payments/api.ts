// The payment calls. Amounts always come from the server's answers; the browser only shows them.
import type {
  DepositIntentResponse,
  PaymentIntentResponse,
  PaymentStatusResponse,
  PaymentsConfigResponse,
} from '@kept/contract';
import { queryOptions } from '@tanstack/react-query';
import { NetworkError, api, call, type ApiBody } from '../../lib/api';

export type { DepositIntentResponse, PaymentIntentResponse, PaymentStatusResponse, PaymentsConfigResponse };

export const paymentsConfigQueryKey = ['payments', 'config'] as const;

/** The header that makes a payment call idempotent: a retry of the same attempt gets the same intent. */
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** A new project's details, which the deposit's intent is for (the server checks them again). */
export type DepositDraft = ApiBody<'/api/payments/deposit-intent', 'post'>;
export type DonationBody = ApiBody<'/api/donations/intent', 'post'>;

/** GET /api/payments/config: which payment form to show (simulated card form or Stripe). */
export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigResponse> {
  return call(api.GET('/api/payments/config', { signal }));
}

/** Which payment form to show, as a query (it does not change while the app runs). */
export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: paymentsConfigQueryKey,
    queryFn: ({ signal }) => fetchPaymentsConfig(signal),
    staleTime: Infinity,
  });
}

/** POST /api/payments/deposit-intent: the server checks the draft and computes the charge. */
export function createDepositIntent(
  draft: DepositDraft,
  idempotencyKey: string,
): Promise<DepositIntentResponse> {
  return call(api.POST('/api/payments/deposit-intent', { body: draft, headers: idempotent(idempotencyKey) }));
}

/** POST /api/donations/intent. */
export function createDonationIntent(
  donation: DonationBody,
  idempotencyKey: string,
): Promise<PaymentIntentResponse> {
  return call(api.POST('/api/donations/intent', { body: donation, headers: idempotent(idempotencyKey) }));
}

export interface CardDetails {
  cardNumber: string;
  /** 'MM / YY'. */
  expiry: string;
  cvc: string;
}

/**
 * POST /api/payments/simulated/confirm. Field problems come back as an `ApiError` ('validation_error', `fields`
 * cardNumber / expiry / cvc); a declined card as an `ApiError` with code 'card_declined' and the processor's message.
 */
export function confirmSimulatedPayment(
  intent: Pick<PaymentIntentResponse, 'paymentId' | 'clientSecret'>,
  card: CardDetails,
): Promise<PaymentStatusResponse> {
  return call(
    api.POST('/api/payments/simulated/confirm', {
      body: { paymentId: intent.paymentId, clientSecret: intent.clientSecret, ...card },
    }),
  );
}

/** GET /api/payments/:id/status?clientSecret=…. */
export function fetchPaymentStatus(
  intent: Pick<PaymentIntentResponse, 'paymentId' | 'clientSecret'>,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  return call(
    api.GET('/api/payments/{paymentId}/status', {
      params: { path: { paymentId: intent.paymentId }, query: { clientSecret: intent.clientSecret } },
      signal,
    }),
  );
}

const FINAL_STATUSES: ReadonlySet<PaymentStatusResponse['status']> = new Set([
  'succeeded',
  'failed',
  'canceled',
]);

export interface WaitOptions {
  /** Time between two status checks. */
  intervalMs?: number;
  /** Give up (and return the last answer, still pending) after this long. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Asks for the payment's status until it is final (succeeded, failed, canceled) or the time is up.
 * Used after a Stripe confirmation (the webhook books the payment) and when a confirm answered
 * 'processing'. A network blip between two checks is tolerated.
 */
export async function waitForPayment(
  intent: Pick<PaymentIntentResponse, 'paymentId' | 'clientSecret'>,
  { intervalMs = 1000, timeoutMs = 60_000, signal }: WaitOptions = {},
): Promise<PaymentStatusResponse | null> {
  const deadline = Date.now() + timeoutMs;
  let last: PaymentStatusResponse | null = null;
  for (;;) {
    try {
      last = await fetchPaymentStatus(intent, signal);
      if (FINAL_STATUSES.has(last.status)) return last;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
    if (Date.now() + intervalMs > deadline) return last;
    await delay(intervalMs, signal);
  }
}

/** A fresh key for one payment attempt (a retry of the same attempt reuses it). */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}
