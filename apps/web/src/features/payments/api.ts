// The payment calls. Amounts always come from the server's answers; the browser only shows them.
import type {
  CreateProjectRequest,
  DepositIntentResponse,
  DonationRequest,
  PaymentIntentResponse,
  PaymentStatusResponse,
  PaymentsConfigResponse,
} from '@kept/contract';
import { ApiError, NetworkError, apiRequest, errorFromBody } from '../../lib/api';

export type { DepositIntentResponse, PaymentIntentResponse, PaymentStatusResponse, PaymentsConfigResponse };

export const paymentsConfigQueryKey = ['payments', 'config'] as const;

/** An error answer that also names the fields it is about (`{ error: { fields: { cvc: '…' } } }`). */
export class FieldsApiError extends ApiError {
  readonly fields: Record<string, string>;

  constructor(base: ApiError, fields: Record<string, string>) {
    super(base.status, base.code, base.message, base.fromServer);
    this.name = 'FieldsApiError';
    this.fields = fields;
  }
}

function fieldsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const fields = (error as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * POST JSON like `apiRequest`, with two extras the payment calls need: an `Idempotency-Key` header (a
 * retry of the same attempt gets the same intent) and the field messages of an error answer.
 */
export async function postPayment<T>(
  path: string,
  body: unknown,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const init: RequestInit = {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(body),
  };
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const base = errorFromBody(response.status, data);
    const fields = fieldsOf(data);
    throw Object.keys(fields).length > 0 ? new FieldsApiError(base, fields) : base;
  }
  return data as T;
}

/** GET /api/payments/config: which payment form to show (simulated card form or Stripe). */
export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigResponse> {
  return apiRequest<PaymentsConfigResponse>('/api/payments/config', signal ? { signal } : {});
}

/** POST /api/payments/deposit-intent: the server checks the draft and computes the charge. */
export function createDepositIntent(
  draft: CreateProjectRequest,
  idempotencyKey: string,
): Promise<DepositIntentResponse> {
  return postPayment<DepositIntentResponse>('/api/payments/deposit-intent', draft, { idempotencyKey });
}

/** POST /api/donations/intent. */
export function createDonationIntent(
  donation: DonationRequest,
  idempotencyKey: string,
): Promise<PaymentIntentResponse> {
  return postPayment<PaymentIntentResponse>('/api/donations/intent', donation, { idempotencyKey });
}

export interface CardDetails {
  cardNumber: string;
  /** 'MM / YY'. */
  expiry: string;
  cvc: string;
}

/**
 * POST /api/payments/simulated/confirm. Field problems come back as a `FieldsApiError` ('validation_error', fields
 * cardNumber / expiry / cvc); a declined card as an `ApiError` with code 'card_declined' and the processor's message.
 */
export function confirmSimulatedPayment(
  intent: Pick<PaymentIntentResponse, 'paymentId' | 'clientSecret'>,
  card: CardDetails,
): Promise<PaymentStatusResponse> {
  return postPayment<PaymentStatusResponse>('/api/payments/simulated/confirm', {
    paymentId: intent.paymentId,
    clientSecret: intent.clientSecret,
    ...card,
  });
}

/** GET /api/payments/:id/status?clientSecret=…. */
export function fetchPaymentStatus(
  intent: Pick<PaymentIntentResponse, 'paymentId' | 'clientSecret'>,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const query = new URLSearchParams({ clientSecret: intent.clientSecret });
  return apiRequest<PaymentStatusResponse>(
    `/api/payments/${encodeURIComponent(intent.paymentId)}/status?${query.toString()}`,
    signal ? { signal } : {},
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
