// GET /api/me/money: the signed-in person's money history, newest first — deposits and donations they
// paid, the card refunds and payouts of their projects' settlements, and donations to their projects,
// each with its state, date and the provider's reference.
import type { MoneyEntry, MoneyHistoryResponse, SessionUser } from '@kept/contract';
import {
  MONEY_STATE_TEXT,
  donationSplit,
  formatCents,
  paymentState,
  payoutState,
  refundState,
  supporterName,
  depositFeeCents,
} from '@kept/domain';
import type { Db } from '../../db/client.ts';
import { donationsTo, paymentsOf, settlementsOf } from './queries.ts';

/** The most entries one answer holds (per source, then in all). */
export const MONEY_HISTORY_LIMIT = 500;

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

export async function listMoneyHistory(deps: { db: Db }, user: SessionUser): Promise<MoneyHistoryResponse> {
  const limit = MONEY_HISTORY_LIMIT + 1;
  const [paid, settled, received] = await Promise.all([
    paymentsOf(deps.db, user.id, limit),
    settlementsOf(deps.db, user.id, limit),
    donationsTo(deps.db, user.id, limit),
  ]);
  const entries = [
    ...paid.flatMap(paymentEntry),
    ...settled.flatMap(settlementEntries),
    ...received.map(receivedEntry),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id.localeCompare(b.id)));
  const truncated =
    entries.length > MONEY_HISTORY_LIMIT || [paid, settled, received].some((rows) => rows.length === limit);
  return { entries: entries.slice(0, MONEY_HISTORY_LIMIT), truncated };
}

function paymentEntry(row: Row<typeof paymentsOf>): MoneyEntry[] {
  const state = paymentState(row.status);
  if (!state) return [];
  const project = row.projectId && row.title ? { id: row.projectId, title: row.title } : null;
  let detail: string;
  if (row.kind === 'deposit') {
    const deposit = row.draftDepositCents === null ? null : Number(row.draftDepositCents);
    detail =
      deposit !== null && Number.isSafeInteger(deposit)
        ? `Deposit ${formatCents(deposit)} + fee ${formatCents(depositFeeCents(deposit))} (the fee is not refundable)`
        : 'Deposit and fee';
  } else {
    const split = donationSplit(row.amountCents);
    detail = `Donation: ${formatCents(split.creatorCents)} to the project, ${formatCents(split.platformCents)} to Kept`;
  }
  return [
    {
      id: `payment:${row.id}`,
      kind: row.kind === 'deposit' ? 'deposit' : 'donation_made',
      direction: 'out',
      amountCents: row.amountCents,
      state,
      stateText: MONEY_STATE_TEXT[state],
      at: (row.succeededAt ?? row.createdAt).toISOString(),
      project,
      detail,
      reference: row.reference,
      receiptId: row.id,
    },
  ];
}

function settlementEntries(row: Row<typeof settlementsOf>): MoneyEntry[] {
  const project = { id: row.projectId, title: row.title };
  const entries: MoneyEntry[] = [];
  const refund = refundState(row.refundStatus);
  if (refund && row.refundToCardCents > 0) {
    entries.push({
      id: `refund:${row.projectId}`,
      kind: 'refund',
      direction: 'in',
      amountCents: row.refundToCardCents,
      state: refund,
      stateText: MONEY_STATE_TEXT[refund],
      at: (row.refundedAt ?? row.settledAt).toISOString(),
      project,
      detail: row.cancelledAt
        ? 'Deposit refunded to your card: the project was cancelled (the fee is not refunded)'
        : `Deposit refunded to your card: ${row.totalCheckins - row.missedCheckins} of ${row.totalCheckins} check-ins kept` +
          (row.forfeitCents > 0 ? `, ${formatCents(row.forfeitCents)} to charity` : ''),
      reference: row.refundId,
      receiptId: null,
    });
  }
  const payoutCents = row.payoutCents + row.latePayoutCents;
  const payout = payoutState(row.payoutStatus);
  if (payout && payoutCents > 0) {
    entries.push({
      id: `payout:${row.projectId}`,
      kind: 'payout',
      direction: 'in',
      amountCents: payoutCents,
      state: payout,
      stateText: MONEY_STATE_TEXT[payout],
      at: (row.payoutPaidAt ?? row.settledAt).toISOString(),
      project,
      detail: 'Paid out to you: your refund above the deposit (donations’ shares)',
      reference: row.payoutId,
      receiptId: null,
    });
  }
  return entries;
}

function receivedEntry(row: Row<typeof donationsTo>): MoneyEntry {
  return {
    id: `donation:${row.id}`,
    kind: 'donation_received',
    direction: 'in',
    amountCents: row.creatorShareCents,
    state: 'succeeded',
    stateText: 'Received',
    at: row.createdAt.toISOString(),
    project: { id: row.projectId, title: row.title },
    detail: `${formatCents(row.amountCents)} from ${supporterName({ name: row.donorName, anonymous: row.donorAnonymous })}: ${formatCents(row.creatorShareCents)} to your project's refundable total`,
    reference: null,
    receiptId: null,
  };
}
