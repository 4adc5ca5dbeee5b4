// Step 4 of a settlement, the 'check_refund' job: a refund the provider answered 'pending' (Stripe,
// some cards; refund_status 'processing') is looked at again (hourly, and at once when Stripe's refund
// webhook arrives, refund-changed.ts) until it succeeds (refunded_at is set) or fails: then the money
// is back with us, booked back into the pool, and refunded again with a new key.
import type { ProviderRefund } from '../../adapters/payments/provider.ts';
import { ACCOUNTS, postTransaction } from '../ledger/ledger.ts';
import type { SettlementDeps, SettlementRow } from './deps.ts';
import { ledgerKey } from './keys.ts';
import { lockSettlement, readSettlement, setProjectStatus, updateSettlement } from './queries.ts';
import { REFUND_CHECK_MS, refundBackoffMs } from './rules.ts';

export const REFUND_RETURNED =
  'The card refund failed after the payment provider accepted it; the money is back with Kept and is being refunded again';

const awaited = (s: SettlementRow) => s.refundStatus === 'processing' && s.refundId !== null;

export async function checkRefund(deps: SettlementDeps, projectId: string): Promise<void> {
  const { db, provider, clock, log } = deps;
  const s = await readSettlement(db, projectId);
  const now = clock.now();
  if (!s || !awaited(s) || (s.nextAttemptAt && s.nextAttemptAt > now)) return;
  let refund: ProviderRefund | null;
  try {
    refund = await provider.retrieveRefund(s.refundId!);
  } catch (err) {
    log.warn({ err, projectId }, 'could not look up a pending refund; trying again later');
    refund = null;
  }
  await db.transaction(async (tx) => {
    const fresh = await lockSettlement(tx, projectId);
    if (!awaited(fresh) || fresh.refundId !== s.refundId) return; // handled meanwhile
    if (!refund || refund.status === 'pending') {
      await updateSettlement(tx, projectId, {
        nextAttemptAt: new Date(now.getTime() + REFUND_CHECK_MS),
        updatedAt: now,
      });
      return;
    }
    if (refund.status === 'succeeded') {
      await updateSettlement(tx, projectId, {
        refundStatus: 'refunded',
        refundedAt: now,
        nextAttemptAt: null,
        updatedAt: now,
      });
      log.info({ projectId, refundId: refund.id }, 'settlement refund confirmed');
      return;
    }
    // Failed after it was accepted: the provider gave the money back to us. Book it back into the
    // pool and refund it again as a new refund (a new key), with the usual backoff.
    await postTransaction(tx, {
      kind: 'settlement_refund_returned',
      idempotencyKey: ledgerKey(projectId, `refund-returned:${fresh.refundId}`),
      projectId,
      memo: `Refund ${fresh.refundId} failed and came back`,
      entries: [
        { account: ACCOUNTS.card, amountCents: -fresh.refundToCardCents },
        { account: ACCOUNTS.pool(projectId), amountCents: fresh.refundToCardCents },
      ],
    });
    await updateSettlement(tx, projectId, {
      refundStatus: 'failed',
      refundId: null,
      lastError: REFUND_RETURNED,
      nextAttemptAt: new Date(now.getTime() + refundBackoffMs(fresh.attempts)),
      refundKey: ledgerKey(projectId, `refund:${fresh.attempts + 1}`),
      updatedAt: now,
    });
    await setProjectStatus(tx, projectId, 'completed');
    log.warn({ projectId, refundId: fresh.refundId }, 'settlement refund came back failed; refunding again');
  });
}
