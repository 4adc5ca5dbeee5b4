// What paying needs: the commitment to agree to, the form's check (zod and the contract's schema) and
// the card form. A chunk of its own, asked for as soon as the screen's code runs (pay-step-lazy.ts): the
// form's fields show without waiting for it, and it is there before anyone has filled them in.
export { CommitmentSummary } from './commitment-summary';
export { DepositPayment } from './deposit-payment';
export { draftCheck } from './draft-check';
