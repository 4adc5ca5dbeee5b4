// Payments: the deposit intent of a new project and donations.
import { MESSAGES, MONEY_MESSAGES, validateDonationCents, validateOptionalEmail } from '@kept/domain';
import { z } from 'zod';
import { looseBoolean, looseNumber, looseText } from './common.ts';

export const DONOR_NAME_MAX_LENGTH = 100;

export const PaymentProviderSchema = z.enum(['simulated', 'stripe']);
export const PaymentStatusSchema = z.enum([
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);

/** A payment intent for the browser's payment form (deposit or donation). */
export const PaymentIntentResponseSchema = z.object({
  paymentId: z.string(),
  provider: PaymentProviderSchema,
  clientSecret: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.literal('usd'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** A deposit intent also says how the charge splits. */
export const DepositIntentResponseSchema = PaymentIntentResponseSchema.extend({
  depositCents: z.number().int().positive(),
  feeCents: z.number().int().nonnegative(),
});
export type DepositIntentResponse = z.infer<typeof DepositIntentResponseSchema>;

/** Where a payment stands; `projectId` once a deposit has created its project. */
export const PaymentStatusResponseSchema = z.object({
  paymentId: z.string(),
  status: PaymentStatusSchema,
  projectId: z.string().nullable(),
  failureMessage: z.string().nullable(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

/**
 * A donation: at least $0.50 ('Amount must be at least $0.50'); an optional donor email must look
 * like one ('Please enter a valid email address'); anonymous unless said otherwise.
 */
export const DonationRequestSchema = z
  .object({
    projectId: z.string({ error: MESSAGES.generic }).trim().min(1, { error: MESSAGES.generic }),
    amountCents: looseNumber(MONEY_MESSAGES.donationMinimum),
    donorName: looseText(MESSAGES.generic).optional(),
    donorEmail: looseText(MESSAGES.generic).optional(),
    donorAnonymous: looseBoolean(true),
  })
  .superRefine((value, ctx) => {
    const amountError = validateDonationCents(value.amountCents);
    if (amountError) ctx.addIssue({ code: 'custom', message: amountError, path: ['amountCents'] });
    const emailError = validateOptionalEmail(value.donorEmail);
    if (emailError) ctx.addIssue({ code: 'custom', message: emailError, path: ['donorEmail'] });
    if ((value.donorName ?? '').trim().length > DONOR_NAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'Name must be 100 characters or less.', path: ['donorName'] });
    }
  })
  .transform((value) => {
    const donorName = (value.donorName ?? '').trim();
    const donorEmail = (value.donorEmail ?? '').trim().toLowerCase();
    return {
      projectId: value.projectId,
      amountCents: value.amountCents as number,
      donorName: donorName === '' ? null : donorName,
      donorEmail: donorEmail === '' ? null : donorEmail,
      donorAnonymous: value.donorAnonymous,
    };
  });
export type DonationRequest = z.input<typeof DonationRequestSchema>;
export type DonationData = z.output<typeof DonationRequestSchema>;
