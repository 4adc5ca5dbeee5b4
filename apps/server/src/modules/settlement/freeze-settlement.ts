// Step 1 of a settlement: freeze the numbers, in one transaction holding the project row: t and m
// from the shared rules, P = the pool's ledger balance, R/F and R's split from the domain's `settle`.
// The forfeit (pool → the project's charity) and the payout (pool → payable:{user}) are booked at once, since they
// need no provider.
import { settle, settlementAt } from '@kept/domain';
import { ACCOUNTS, balanceOf, postTransaction, syncRefundable } from '../ledger/ledger.ts';
import type { SettlementDeps, SettlementRow } from './deps.ts';
import { queueResultEmail, scheduleOf } from './emails.ts';
import { ledgerKey } from './keys.ts';
import { checkInsOf, closeProject, insertSettlement, lockProject, readSettlement } from './queries.ts';
import { SETTLEMENT_GRACE_MS } from './rules.ts';

/** The settlement row with its frozen numbers (made now if the project has ended), or when to come back. */
export async function freezeSettlement(
  deps: SettlementDeps,
  projectId: string,
): Promise<SettlementRow | { waitUntil: Date }> {
  const { db, clock, log } = deps;
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw new Error(`settlement: project ${projectId} not found`);
    const existing = await readSettlement(tx, projectId);
    if (existing) return existing;
    const now = clock.now();
    const schedule = scheduleOf(project);
    // A project its owner ended early or cancelled settles at once; one that ran its course after the
    // grace period.
    const stoppedByOwner = project.endedEarlyAt ?? project.cancelledAt;
    if (!stoppedByOwner && now.getTime() <= schedule.endsAt.getTime())
      return { waitUntil: new Date(schedule.endsAt.getTime() + SETTLEMENT_GRACE_MS) };
    if (stoppedByOwner && now.getTime() < stoppedByOwner.getTime()) return { waitUntil: stoppedByOwner };

    const poolCents = await balanceOf(tx, ACCOUNTS.pool(projectId));
    const money = { poolCents, depositCents: project.depositAmount };
    // The same function as the project page's "If it ended today". A cancellation gives the whole pool
    // (the deposit: a cancelled project has no donation) back: nothing counts as missed.
    const computed = settlementAt(schedule, await checkInsOf(tx, projectId), now, money);
    const { counts, ...split } = project.cancelledAt
      ? {
          ...settle({ ...money, totalCheckIns: computed.counts.total, missedCheckIns: 0 }),
          counts: { ...computed.counts, missed: 0 },
        }
      : computed;
    const nothingToRefund = split.refundToCardCents === 0;
    const row = await insertSettlement(tx, {
      projectId,
      userId: project.userId,
      refundStatus: nothingToRefund ? 'none' : 'pending',
      payoutStatus: split.payoutCents > 0 ? 'pending' : 'none',
      poolCents,
      depositCents: project.depositAmount,
      totalCheckins: counts.total,
      missedCheckins: counts.missed,
      refundCents: split.refundCents,
      forfeitCents: split.forfeitCents,
      refundToCardCents: split.refundToCardCents,
      payoutCents: split.payoutCents,
      paymentIntentId: project.paymentIntentId,
      refundKey: ledgerKey(projectId, 'refund'),
      // Nothing goes to the card: the refund part is done the moment it is frozen.
      refundedAt: nothingToRefund ? now : null,
      settledAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (split.forfeitCents > 0)
      await postTransaction(tx, {
        kind: 'settlement_forfeit',
        idempotencyKey: ledgerKey(projectId, 'forfeit'),
        projectId,
        memo: `Forfeit: ${counts.missed} of ${counts.total} check-ins missed`,
        entries: [
          { account: ACCOUNTS.pool(projectId), amountCents: -split.forfeitCents },
          { account: ACCOUNTS.charityOf(project.charityId), amountCents: split.forfeitCents },
        ],
      });
    if (split.payoutCents > 0)
      await postTransaction(tx, {
        kind: 'settlement_payout',
        idempotencyKey: ledgerKey(projectId, 'payout'),
        projectId,
        memo: 'Refund above the deposit, owed to the creator',
        entries: [
          { account: ACCOUNTS.pool(projectId), amountCents: -split.payoutCents },
          { account: ACCOUNTS.payable(project.userId), amountCents: split.payoutCents },
        ],
      });
    await syncRefundable(tx, projectId);
    await closeProject(tx, projectId, nothingToRefund ? 'settled' : 'completed');
    if (nothingToRefund) await queueResultEmail(tx, { settlement: row, project, now, baseUrl: deps.baseUrl });
    log.info({ projectId, ...split, ...counts }, 'settlement computed');
    return row;
  });
}
