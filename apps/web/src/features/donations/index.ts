// The donations feature's public face: the dialog (loaded on first use) and the return from a payment page.
export {
  DONATION_RETURN_PARAMS,
  forgetPendingDonation,
  hasDonationProof,
  rememberPendingDonation,
} from './donation-return';

/** The donation dialog's module, loaded when first needed (and prefetched on hover). */
export const loadDonationDialog = () => import('./donation-dialog');
