// GET /api/me/receipts/:paymentId: a printable receipt for one of the person's own payments — what was
// charged and what it is made of, the provider's reference, the commitment agreed to (a deposit), and
// what went back to the card. Anyone else's payment, or none, is a 404 (its existence is not told).
import type { ReceiptResponse, SessionUser } from '@kept/contract';
import {
  CREATOR_SHARE_PERCENT,
  DEPOSIT_FEE_FIXED_CENTS,
  DEPOSIT_FEE_PERCENT,
  MONEY_STATE_TEXT,
  REFUND_TIMING,
  depositFeeCents,
  donationSplit,
  formatCents,
  forfeitDestination,
  paymentState,
  refundState,
} from '@kept/domain';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { receiptPayment, refundOfProject } from './queries.ts';

export const RECEIPT_NOT_FOUND = 'Receipt not found';

export async function showReceipt(
  deps: { db: Db },
  user: SessionUser,
  paymentId: string,
): Promise<ReceiptResponse> {
  const notFound = () => new DomainError('not_found', RECEIPT_NOT_FOUND);
  if (!isUuid(paymentId)) throw notFound();
  const row = await receiptPayment(deps.db, user.id, paymentId);
  const state = row ? paymentState(row.status) : null;
  if (!row || !state) throw notFound();

  const charity = forfeitDestination(row.charityId ?? row.draftCharityId ?? 'kept-fund');
  const lines: ReceiptResponse['lines'] = [];
  const notes: string[] = [];
  const refunds: ReceiptResponse['refunds'] = [];
  if (row.kind === 'deposit') {
    const deposit = row.draftDepositCents === null ? NaN : Number(row.draftDepositCents);
    if (Number.isSafeInteger(deposit) && deposit + depositFeeCents(deposit) === row.amountCents) {
      lines.push({ label: 'Deposit', amountCents: deposit });
      lines.push({
        label: `Fee (${DEPOSIT_FEE_PERCENT}% + ${formatCents(DEPOSIT_FEE_FIXED_CENTS)}, not refundable)`,
        amountCents: depositFeeCents(deposit),
      });
    } else lines.push({ label: 'Deposit and fee', amountCents: row.amountCents });
    notes.push(
      'The deposit comes back to this card at the end, less a share for each missed check-in; the fee does not.',
    );
    if (charity) notes.push(`Forfeited shares go to ${charity.name} (${charity.registration}).`);
    notes.push(REFUND_TIMING);
    if (row.projectId) {
      const settlement = await refundOfProject(deps.db, row.projectId);
      const refund = settlement ? refundState(settlement.refundStatus) : null;
      if (settlement && refund && settlement.refundToCardCents > 0)
        refunds.push({
          amountCents: settlement.refundToCardCents,
          state: refund,
          stateText: MONEY_STATE_TEXT[refund],
          reference: settlement.refundId,
          at: (settlement.refundedAt ?? settlement.settledAt).toISOString(),
        });
    }
  } else {
    const split = donationSplit(row.amountCents);
    lines.push({
      label: `To the project's refundable total (${CREATOR_SHARE_PERCENT}%)`,
      amountCents: split.creatorCents,
    });
    lines.push({ label: 'To Kept', amountCents: split.platformCents });
    notes.push('A donation is not tax-deductible and not refundable.');
    if (charity)
      notes.push(
        `If the creator misses check-ins, the share they would have got back goes to ${charity.name}.`,
      );
  }

  return {
    paymentId: row.id,
    kind: row.kind === 'deposit' ? 'deposit' : 'donation',
    state,
    stateText: MONEY_STATE_TEXT[state],
    amountCents: row.amountCents,
    currency: 'usd',
    at: (row.succeededAt ?? row.createdAt).toISOString(),
    provider: row.provider === 'stripe' ? 'stripe' : 'simulated',
    reference: row.reference,
    payer: { username: row.username, email: row.email },
    project: row.projectId && row.title ? { id: row.projectId, title: row.title } : null,
    lines,
    notes,
    terms:
      row.termsVersion && row.termsAgreedAt
        ? { version: row.termsVersion, agreedAt: row.termsAgreedAt.toISOString() }
        : null,
    refunds,
  };
}
