// The signed-in person's money history and receipts (issue 22).
import { MONEY_STATES } from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

const Cents = z.number().int().min(0);
export const MoneyStateSchema = z.enum(MONEY_STATES);

export const MoneyEntrySchema = z.object({
  /** Unique in the list ('payment:…', 'refund:…', 'payout:…', 'donation:…'). */
  id: z.string(),
  kind: z.enum(['deposit', 'donation_made', 'donation_received', 'refund', 'payout']),
  /** out: charged to you; in: coming to you (a refund, a payout, a donation's share to your project). */
  direction: z.enum(['out', 'in']),
  amountCents: Cents,
  state: MoneyStateSchema,
  stateText: z.string(),
  at: IsoDateTimeSchema,
  project: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** One plain line: what the amount is made of. */
  detail: z.string(),
  /** The payment provider's reference (payment, refund or payout id), when there is one. */
  reference: z.string().nullable(),
  /** The payment whose receipt can be opened (your own charges only). */
  receiptId: z.string().nullable(),
});
export type MoneyEntry = z.infer<typeof MoneyEntrySchema>;

/** GET /api/me/money — newest first. */
export const MoneyHistoryResponseSchema = z.object({
  entries: z.array(MoneyEntrySchema),
  /** Whether older entries were left out (the list holds the latest 500). */
  truncated: z.boolean(),
});
export type MoneyHistoryResponse = z.infer<typeof MoneyHistoryResponseSchema>;

export const ReceiptParamsSchema = z.object({ paymentId: z.string().max(100) });

/** GET /api/me/receipts/:paymentId — a receipt for one of your own payments. */
export const ReceiptResponseSchema = z.object({
  paymentId: z.string(),
  kind: z.enum(['deposit', 'donation']),
  state: MoneyStateSchema,
  stateText: z.string(),
  amountCents: Cents,
  currency: z.literal('usd'),
  /** When it was paid (or started, while not paid). */
  at: IsoDateTimeSchema,
  provider: z.enum(['simulated', 'stripe']),
  /** The provider's payment reference. */
  reference: z.string().nullable(),
  payer: z.object({ username: z.string().nullable(), email: z.string() }),
  project: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** What the amount is made of; the lines sum to amountCents. */
  lines: z.array(z.object({ label: z.string(), amountCents: Cents })),
  /** Plain sentences: refundability, tax, where forfeits go. */
  notes: z.array(z.string()),
  /** A deposit's consent: the commitment's version and when it was agreed to. */
  terms: z.object({ version: z.string(), agreedAt: IsoDateTimeSchema }).nullable(),
  /** Money that went back from this payment (a deposit's refund at settlement or cancellation). */
  refunds: z.array(
    z.object({
      amountCents: Cents,
      state: MoneyStateSchema,
      stateText: z.string(),
      reference: z.string().nullable(),
      at: IsoDateTimeSchema,
    }),
  ),
});
export type ReceiptResponse = z.infer<typeof ReceiptResponseSchema>;
