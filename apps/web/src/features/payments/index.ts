// The payments feature's public face: the payment form and the intents the forms that pay create.
export {
  createDepositIntent,
  createDonationIntent,
  newIdempotencyKey,
  type DepositDraft,
  type DepositIntentResponse,
  type DonationBody,
  type PaymentIntentResponse,
} from './api';
export { PaymentForm, type PaymentFormProps, type PrepareResult } from './payment-form';
