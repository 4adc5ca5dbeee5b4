// The 'settle' job (RULES.md "Money"; decisions 007, 024): every step of a project's settlement that is
// due, in order; safe to run any number of times. When each part is due again is kept on the
// settlement row (next_attempt_at, payout_next_attempt_at); the 'settlement_due' task queues the jobs.
import type { SettlementDeps } from './deps.ts';
import { freezeSettlement } from './freeze-settlement.ts';
import { payOut } from './pay-out.ts';
import { refundDeposit } from './refund-deposit.ts';

export async function settleProject(deps: SettlementDeps, projectId: string): Promise<void> {
  const frozen = await freezeSettlement(deps, projectId);
  if ('waitUntil' in frozen) return; // not ended yet: settlement_due queues it again after the grace
  await payOut(deps, projectId);
  await refundDeposit(deps, projectId);
}
