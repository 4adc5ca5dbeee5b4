// Step 2 of a settlement: pay out what is owed to the creator (the part of R above the deposit, late
// donations' shares) through the provider (simulated: paid at once; Stripe: pending until the creator
// has a payout account, retried with backoff), booking payable → card when it is paid. No transaction
// is open while the provider is called.
import type { ProviderPayout } from '../../adapters/payments/provider.ts';
import { ACCOUNTS, postTransaction } from '../ledger/ledger.ts';
import { errorMessage, payoutOwed, type SettlementDeps } from './deps.ts';
import { ledgerKey } from './keys.ts';
import { lockSettlement, readSettlement, updateSettlement } from './queries.ts';
import { payoutBackoffMs } from './rules.ts';

export async function payOut(deps: SettlementDeps, projectId: string): Promise<void> {
  const { db, provider, clock, log } = deps;
  const s = await readSettlement(db, projectId);
  if (!s) return;
  const owed = payoutOwed(s);
  const now = clock.now();
  if (owed <= 0 || (s.payoutNextAttemptAt && s.payoutNextAttemptAt > now)) return;
  const target = s.payoutPaidCents + owed;
  let result: ProviderPayout;
  try {
    result = await provider.payout({
      userId: s.userId,
      amountCents: owed,
      idempotencyKey: ledgerKey(projectId, `payout:${target}`),
      description: `Kept payout for project ${projectId}`,
    });
  } catch (err) {
    result = { status: 'pending', id: null, reason: errorMessage(err) };
    log.warn({ err, projectId }, 'payout failed; retrying later');
  }
  await db.transaction(async (tx) => {
    const fresh = await lockSettlement(tx, projectId);
    if (fresh.payoutPaidCents !== s.payoutPaidCents) return; // recorded by another run meanwhile
    if (result.status === 'paid') {
      await postTransaction(tx, {
        kind: 'settlement_payout_paid',
        idempotencyKey: ledgerKey(projectId, `payout-paid:${target}`),
        projectId,
        memo: `Payout ${result.id}`,
        entries: [
          { account: ACCOUNTS.payable(s.userId), amountCents: -owed },
          { account: ACCOUNTS.card, amountCents: owed },
        ],
      });
      // A late donation's share may have joined meanwhile: then more is owed, and it stays pending.
      const fullyPaid = target === fresh.payoutCents + fresh.latePayoutCents;
      await updateSettlement(tx, projectId, {
        payoutStatus: fullyPaid ? 'paid' : 'pending',
        payoutPaidCents: target,
        payoutId: result.id,
        payoutPaidAt: now,
        payoutNote: null,
        payoutNextAttemptAt: null,
        updatedAt: now,
      });
    } else {
      const attempts = fresh.payoutAttempts + 1;
      await updateSettlement(tx, projectId, {
        payoutStatus: 'pending',
        payoutAttempts: attempts,
        payoutNextAttemptAt: new Date(now.getTime() + payoutBackoffMs(attempts)),
        payoutNote: result.reason,
        updatedAt: now,
      });
    }
  });
}
