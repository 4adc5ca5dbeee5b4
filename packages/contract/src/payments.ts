// Payments: the deposit intent of a new project and donations.
import {
  EMAIL_MESSAGES,
  MESSAGES,
  MONEY_MESSAGES,
  SUPPORTER_MESSAGES,
  normalizeSupporterMessage,
  supporterMessageError,
  validateDonationCents,
  validateOptionalEmail,
} from '@kept/domain';
import { z } from 'zod';
import { textField } from './common.ts';

export const DONOR_NAME_MAX_LENGTH = 100;

export const PaymentProviderSchema = z.enum(['simulated', 'stripe']);
export const PaymentStatusSchema = z.enum([
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);

export const PaymentKindSchema = z.enum(['deposit', 'donation']);
export type PaymentKind = z.infer<typeof PaymentKindSchema>;

/** GET /api/payments/config: which payment form to show. */
export const PaymentsConfigResponseSchema = z.object({
  provider: PaymentProviderSchema,
  /** Stripe's publishable key; null for the simulated provider. */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof PaymentsConfigResponseSchema>;

/**
 * A payment intent for the browser's payment form (deposit or donation). `paymentId` is ours (for
 * the status and simulated confirm calls); `paymentIntentId` is the provider's.
 */
export const PaymentIntentResponseSchema = z.object({
  paymentId: z.string(),
  provider: PaymentProviderSchema,
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.literal('usd'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** A deposit intent also says how the charge splits, and names the customer (spec §3 payment response). */
export const DepositIntentResponseSchema = PaymentIntentResponseSchema.extend({
  depositCents: z.number().int().positive(),
  feeCents: z.number().int().nonnegative(),
  customerId: z.string().nullable(),
});
export type DepositIntentResponse = z.infer<typeof DepositIntentResponseSchema>;

/** Where a payment stands; `projectId` once a deposit has created its project (always, for donations). */
export const PaymentStatusResponseSchema = z.object({
  paymentId: z.string(),
  kind: PaymentKindSchema,
  status: PaymentStatusSchema,
  projectId: z.string().nullable(),
  failureMessage: z.string().nullable(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

/** GET /api/payments/:paymentId/status */
export const PaymentIdParamsSchema = z.object({ paymentId: z.string() });

/** GET /api/payments/:paymentId/status?clientSecret=…: only the holder of the client secret may ask. */
export const PaymentStatusQuerySchema = z.object({
  clientSecret: z.string({ error: 'Payment not found' }).min(1, { error: 'Payment not found' }).max(500),
});

/** Optional `Idempotency-Key` header of the intent calls: one key per payment attempt. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 200 letters, digits, or - _ : .';

/**
 * The simulated provider's card form (POST /api/payments/simulated/confirm). Card fields may be
 * blank here: the simulated processor answers field messages ('Your card number is invalid.', …).
 */
export const SimulatedConfirmRequestSchema = z.object({
  paymentId: z.string({ error: MESSAGES.generic }).trim().min(1, { error: MESSAGES.generic }).max(100),
  clientSecret: z.string({ error: MESSAGES.generic }).min(1, { error: MESSAGES.generic }).max(500),
  cardNumber: z.string({ error: MESSAGES.generic }).max(40).default(''),
  expiry: z.string({ error: MESSAGES.generic }).max(20).default(''),
  cvc: z.string({ error: MESSAGES.generic }).max(10).default(''),
});
export type SimulatedConfirmRequest = z.input<typeof SimulatedConfirmRequestSchema>;

/**
 * A donation: at least $0.50 ('Amount must be at least $0.50'); an optional donor email must look
 * like one ('Please enter a valid email address'); anonymous unless said otherwise.
 */
export const DonationRequestSchema = z.object({
  projectId: z.string({ error: MESSAGES.generic }).trim().min(1, { error: MESSAGES.generic }),
  amountCents: z.number({ error: MONEY_MESSAGES.donationMinimum }).superRefine((value, ctx) => {
    const error = validateDonationCents(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  donorName: z
    .string({ error: MESSAGES.generic })
    .trim()
    .max(DONOR_NAME_MAX_LENGTH, { error: 'Name must be 100 characters or less.' })
    .optional()
    .transform((name) => (name ? name : null)),
  donorEmail: textField(MESSAGES.generic, EMAIL_MESSAGES.invalid)
    .trim()
    .refine((email) => validateOptionalEmail(email) === null, { error: EMAIL_MESSAGES.invalid })
    .optional()
    .transform((email) => (email ? email.toLowerCase() : null)),
  donorAnonymous: z.boolean({ error: MESSAGES.generic }).default(true),
  /** An optional message of encouragement, plain text, at most 280 characters ('' for none). */
  message: z
    .string({ error: MESSAGES.generic })
    .max(2_000, { error: SUPPORTER_MESSAGES.messageTooLong })
    .transform(normalizeSupporterMessage)
    .superRefine((text, ctx) => {
      const error = supporterMessageError(text);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .default(''),
  /** Whether the supporters list may show the amount (hidden unless the donor says so). */
  showAmount: z.boolean({ error: MESSAGES.generic }).default(false),
});
export type DonationRequest = z.input<typeof DonationRequestSchema>;
export type DonationData = z.output<typeof DonationRequestSchema>;

/** What the Stripe webhook did with an event (Stripe only reads the status; the outcome is for logs and tests). */
export const StripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum([
    'applied',
    'duplicate_event',
    'already_succeeded',
    'unknown_payment',
    'not_succeeded',
    'mismatch',
    'recorded_failure',
    'refund_check_queued',
    'unknown_refund',
    'ignored',
  ]),
});
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponseSchema>;
