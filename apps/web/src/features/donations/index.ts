// The donations feature's public face: Support This Project with its dialog (loaded on first use), and
// the return from a payment page.
export {
  DONATION_RETURN_PARAMS,
  forgetPendingDonation,
  hasDonationProof,
  rememberPendingDonation,
} from './donation-return';
export { DONATION_TEXT, DonationReturn, SupportButton, loadDonationDialog } from './project-support';
