// GET /api/payments/:paymentId/status: where a payment stands, for the holder of its client secret.
import type { PaymentStatusResponse } from '@kept/contract';
import { safeEqual } from '../../adapters/payments/simulated.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import type { CardTestingGuard, CardTryer } from './card-testing.ts';
import {
  FAILED_PAYMENT_MESSAGE,
  PAYMENT_MESSAGES,
  sha256,
  type PaymentDeps,
  type PaymentRow,
} from './deps.ts';
import { paymentById } from './queries.ts';

/** The payment, if the caller holds its client secret (else 404, saying nothing about whether it exists). */
export async function authorizePayment(
  deps: Pick<PaymentDeps, 'db'>,
  paymentId: string,
  clientSecret: string,
): Promise<PaymentRow> {
  const notFound = () => new DomainError('not_found', PAYMENT_MESSAGES.notFound);
  if (!isUuid(paymentId)) throw notFound();
  const row = await paymentById(deps.db, paymentId);
  if (!row?.clientSecretHash || !safeEqual(row.clientSecretHash, sha256(clientSecret))) throw notFound();
  return row;
}

export const statusOf = (row: PaymentRow): PaymentStatusResponse => ({
  paymentId: row.id,
  kind: row.kind as PaymentStatusResponse['kind'],
  status: row.status as PaymentStatusResponse['status'],
  projectId: row.projectId,
  failureMessage:
    row.status === 'succeeded' || !row.failureMessage
      ? null
      : // Notes meant for staff (an amount mismatch) are not shown to the payer.
        row.failureMessage.startsWith('Amount mismatch')
        ? FAILED_PAYMENT_MESSAGE
        : row.failureMessage,
});

/** The status; a failed card's reason is generic for an anonymous visitor past their first few (card-testing.ts). */
export async function paymentStatus(
  deps: Pick<PaymentDeps, 'db'> & { cardTesting: CardTestingGuard },
  input: { paymentId: string; clientSecret: string; tryer: () => Promise<CardTryer> },
): Promise<PaymentStatusResponse> {
  const status = statusOf(await authorizePayment(deps, input.paymentId, input.clientSecret));
  if (status.status === 'failed')
    status.failureMessage = await deps.cardTesting.failureMessageFor(
      status.failureMessage,
      await input.tryer(),
    );
  return status;
}
