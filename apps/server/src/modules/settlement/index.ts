// Settlement (RULES.md "Money"; decisions 007, 024): soon after a project's end moment, the 'settle' job
// freezes the numbers and books the forfeit and the payout (freeze-settlement.ts), pays out what is
// owed to the creator (pay-out.ts) and refunds the deposit part of R to the deposit's card
// (refund-deposit.ts); a refund the provider left pending is checked by 'check_refund'
// (check-refund.ts). The card refund's state and the payout's are typed columns (refund_status,
// payout_status), written only through queries.ts. No transaction is open while the provider is called.
import type { SettlementDeps, SettlementRow } from './deps.ts';
import { checkRefund } from './check-refund.ts';
import { readSettlement } from './queries.ts';
import { settleProject } from './settle-project.ts';

export type { SettlementDeps, SettlementFaults, SettlementRow } from './deps.ts';
export { checkRefundJobKey, ledgerKey, settleJobKey } from './keys.ts';
export { REFUND_RETURNED } from './check-refund.ts';
export { refundChanged } from './refund-changed.ts';
export { settleLateDonation } from './settle-late-donation.ts';

/** The settlement module: what the jobs call. */
export function createSettlementService(deps: SettlementDeps) {
  return {
    /** The 'settle' job. */
    run: (projectId: string) => settleProject(deps, projectId),
    /** The 'check_refund' job. */
    checkRefund: (projectId: string) => checkRefund(deps, projectId),
    read: (projectId: string): Promise<SettlementRow | undefined> => readSettlement(deps.db, projectId),
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
