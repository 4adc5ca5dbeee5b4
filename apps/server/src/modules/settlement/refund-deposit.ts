// Step 3 of a settlement: the deposit part of R back to the deposit's card. refund_status 'refunding'
// is committed first, then provider.refund with the settlement's idempotency key, then the refund is
// booked (pool → card). A crash between the call and the booking leaves 'refunding'; the next run
// calls again with the same key, the provider answers with the same refund, and it is booked once. A
// failure is recorded ('failed', attempts, next_attempt_at) and tried again with backoff, for ever.
// No transaction is open while the provider is called.
import { REFUND_TO_MAKE } from '@kept/domain';
import type { ProviderRefund } from '../../adapters/payments/provider.ts';
import { ACCOUNTS, postTransaction, syncRefundable } from '../ledger/ledger.ts';
import { errorMessage, type SettlementDeps } from './deps.ts';
import { queueResultEmail } from './emails.ts';
import { ledgerKey } from './keys.ts';
import { lockProject, lockSettlement, setProjectStatus, updateSettlement } from './queries.ts';
import { REFUND_CHECK_MS, refundBackoffMs } from './rules.ts';

export async function refundDeposit(deps: SettlementDeps, projectId: string): Promise<void> {
  const { db, provider, clock, log } = deps;
  const now = clock.now();
  const claimed = await db.transaction(async (tx) => {
    const s = await lockSettlement(tx, projectId);
    if (!REFUND_TO_MAKE.includes(s.refundStatus)) return null;
    if (s.refundStatus === 'failed' && s.nextAttemptAt && s.nextAttemptAt > now) return null;
    return updateSettlement(tx, projectId, {
      refundStatus: 'refunding',
      attempts: s.attempts + 1,
      updatedAt: now,
    });
  });
  if (!claimed) return;
  let refund: ProviderRefund;
  try {
    refund = await provider.refund({
      intentId: claimed.paymentIntentId,
      amountCents: claimed.refundToCardCents,
      idempotencyKey: claimed.refundKey,
    });
  } catch (err) {
    await refundFailed(deps, projectId, errorMessage(err), false);
    return;
  }
  await deps.faults?.afterRefundCall?.();
  if (refund.status === 'failed') {
    await refundFailed(deps, projectId, 'The payment provider could not refund the card', true);
    return;
  }
  if (refund.amountCents !== claimed.refundToCardCents) {
    log.error({ projectId, refund }, 'provider refunded another amount than asked');
    await refundFailed(
      deps,
      projectId,
      `The provider refunded ${refund.amountCents}¢, not ${claimed.refundToCardCents}¢; needs a person`,
      false,
    );
    return;
  }
  await recordRefund(deps, projectId, refund);
}

async function refundFailed(
  deps: SettlementDeps,
  projectId: string,
  reason: string,
  newKey: boolean,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const s = await lockSettlement(tx, projectId);
    if (s.refundStatus !== 'refunding') return;
    await updateSettlement(tx, projectId, {
      refundStatus: 'failed',
      lastError: reason,
      nextAttemptAt: new Date(now.getTime() + refundBackoffMs(s.attempts)),
      // A refund the provider definitely refused is retried as a new refund (a new key).
      refundKey: newKey ? ledgerKey(projectId, `refund:${s.attempts + 1}`) : s.refundKey,
      updatedAt: now,
    });
  });
  deps.log.warn({ projectId, reason }, 'settlement refund failed; retrying later');
}

async function recordRefund(deps: SettlementDeps, projectId: string, refund: ProviderRefund): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const s = await lockSettlement(tx, projectId);
    if (!project || !REFUND_TO_MAKE.includes(s.refundStatus)) return; // booked by another run already
    await postTransaction(tx, {
      kind: 'settlement_refund',
      // The provider key: settlement:{id}:refund, or :refund:{n} for a refund made again.
      idempotencyKey: s.refundKey,
      projectId,
      memo: `Refund ${refund.id} to the deposit's card`,
      entries: [
        { account: ACCOUNTS.pool(projectId), amountCents: -s.refundToCardCents },
        { account: ACCOUNTS.card, amountCents: s.refundToCardCents },
      ],
    });
    await syncRefundable(tx, projectId);
    const succeeded = refund.status === 'succeeded';
    const updated = await updateSettlement(tx, projectId, {
      // A refund the provider answered 'pending' is looked at again at next_attempt_at (check-refund.ts).
      refundStatus: succeeded ? 'refunded' : 'processing',
      refundId: refund.id,
      refundedAt: succeeded ? now : null,
      lastError: null,
      nextAttemptAt: succeeded ? null : new Date(now.getTime() + REFUND_CHECK_MS),
      updatedAt: now,
    });
    await setProjectStatus(tx, projectId, 'settled');
    await queueResultEmail(tx, { settlement: updated, project, now, baseUrl: deps.baseUrl });
  });
  deps.log.info({ projectId, refundId: refund.id }, 'settlement refund booked');
}
