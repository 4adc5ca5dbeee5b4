// A donation that succeeds after its project's numbers were frozen (its intent was made before the
// end, the card confirmed after): its creator share is settled at once by the same t and m, inside the
// donation's transaction (the project row is locked): R' to the creator's payable (paid out by the
// settle job), F' to the project's charity.
import { refundCents } from '@kept/domain';
import { ACCOUNTS, postTransaction, type Tx } from '../ledger/ledger.ts';
import { ledgerKey } from './keys.ts';
import { charityOf, lockSettlementIfAny, updateSettlement } from './queries.ts';

/** The share's split, or null when the project is not settled yet (the share joins P). */
export async function settleLateDonation(
  tx: Tx,
  input: { projectId: string; paymentId: string; creatorCents: number; now: Date },
): Promise<{ payoutCents: number; forfeitCents: number } | null> {
  const s = await lockSettlementIfAny(tx, input.projectId);
  if (!s || input.creatorCents <= 0) return null;
  const charityId = await charityOf(tx, input.projectId);
  const payoutCents = refundCents(input.creatorCents, s.totalCheckins, s.missedCheckins);
  const forfeitCents = input.creatorCents - payoutCents;
  await postTransaction(tx, {
    kind: 'settlement_late_donation',
    idempotencyKey: ledgerKey(input.projectId, `late:${input.paymentId}`),
    projectId: input.projectId,
    memo: 'Donation after settlement, settled by the same check-ins',
    entries: [
      { account: ACCOUNTS.pool(input.projectId), amountCents: -input.creatorCents },
      { account: ACCOUNTS.payable(s.userId), amountCents: payoutCents },
      { account: ACCOUNTS.charityOf(charityId), amountCents: forfeitCents },
    ],
  });
  await updateSettlement(tx, input.projectId, {
    lateCreatorCents: s.lateCreatorCents + input.creatorCents,
    latePayoutCents: s.latePayoutCents + payoutCents,
    lateForfeitCents: s.lateForfeitCents + forfeitCents,
    // More is owed to the creator: the settle job pays it out now.
    ...(payoutCents > 0 ? { payoutStatus: 'pending' as const, payoutNextAttemptAt: null } : {}),
    updatedAt: input.now,
  });
  return { payoutCents, forfeitCents };
}
