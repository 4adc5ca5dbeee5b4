// A project's supporters: who gave, the amount when the donor chose to show it, and their message.
import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

export const SupporterSchema = z.object({
  donationId: z.string(),
  /** The donor's name, or 'Anonymous'. */
  name: z.string(),
  /** Only when the donor chose to show it. */
  amountCents: z.number().int().min(1).nullable(),
  /** Null when there is none, or when the owner hid it (for everyone but the owner). */
  message: z.string().nullable(),
  /** Whether the owner hid the message (the owner still sees the words, to show it again). */
  messageHidden: z.boolean(),
  at: IsoDateTimeSchema,
});
export type Supporter = z.infer<typeof SupporterSchema>;

/** GET /api/projects/:projectId/supporters — newest first, at most `limit`. */
export const SupportersResponseSchema = z.object({
  supporters: z.array(SupporterSchema),
  /** How many supporters the project has in all. */
  total: z.number().int().min(0),
  /** Whether the viewer owns the project (and so may hide messages). */
  canHide: z.boolean(),
});
export type SupportersResponse = z.infer<typeof SupportersResponseSchema>;

export const SupporterParamsSchema = z.object({
  projectId: z.string().max(100),
  donationId: z.string().max(100),
});

/** PUT /api/projects/:projectId/supporters/:donationId/message — the owner hides or shows a message. */
export const SupporterMessageRequestSchema = z.object({
  hidden: z.boolean({ error: 'Please say whether the message is hidden.' }),
});
export type SupporterMessageRequest = z.infer<typeof SupporterMessageRequestSchema>;
