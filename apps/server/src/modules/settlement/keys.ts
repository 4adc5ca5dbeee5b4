// Job keys and ledger idempotency keys of a project's settlement.
// Ledger keys: settlement:{projectId}:forfeit | payout | payout-paid:{n} | refund[:{n}] (the refund's
// provider key) | refund-returned:{refundId} | late:{paymentId}.
export const settleJobKey = (projectId: string) => `settle:${projectId}`;
export const checkRefundJobKey = (projectId: string) => `check_refund:${projectId}`;
export const ledgerKey = (projectId: string, what: string) => `settlement:${projectId}:${what}`;
