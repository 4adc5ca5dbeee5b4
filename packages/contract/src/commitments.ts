// The owner's say over a running project: pauses, cancelling in the first 24 hours, ending early.
import { z } from 'zod';

/** POST /api/projects/:projectId/pauses — pause check-in period `period` (k ≥ 1). */
export const PauseRequestSchema = z.object({
  period: z
    .number({ error: 'Please choose a check-in period to pause.' })
    .int({ error: 'Please choose a check-in period to pause.' })
    .min(1, { error: 'The first check-in period cannot be paused.' })
    .max(1_000, { error: 'There is no such check-in period.' }),
});
export type PauseRequest = z.infer<typeof PauseRequestSchema>;

/** DELETE /api/projects/:projectId/pauses/:period */
export const PauseParamsSchema = z.object({
  projectId: z.string().max(100),
  period: z.coerce
    .number({ error: 'There is no such check-in period.' })
    .int({ error: 'There is no such check-in period.' })
    .min(0)
    .max(1_000, { error: 'There is no such check-in period.' }),
});

/** The project's paused periods after the change. */
export const PausesResponseSchema = z.object({ pausedPeriods: z.array(z.number().int().min(1)) });
export type PausesResponse = z.infer<typeof PausesResponseSchema>;

/** POST /api/projects/:projectId/cancel and /end: what happens to the money. */
export const EndingResponseSchema = z.object({
  outcome: z.enum(['cancelled', 'ended']),
  /** The cents going back to the deposit's card (the deposit in full for a cancellation). */
  refundToCardCents: z.number().int().min(0),
  /** Paid out to the creator (the part of R above the deposit). */
  payoutCents: z.number().int().min(0),
  /** To the project's charity. */
  forfeitCents: z.number().int().min(0),
  /** The fee kept (4% + 90¢), for a cancellation. */
  feeKeptCents: z.number().int().min(0),
});
export type EndingResponse = z.infer<typeof EndingResponseSchema>;

const Option = z.object({
  allowed: z.boolean(),
  /** Why not, when it is not allowed. */
  reason: z.string().nullable(),
  refundToCardCents: z.number().int().min(0),
  payoutCents: z.number().int().min(0),
  forfeitCents: z.number().int().min(0),
  feeKeptCents: z.number().int().min(0),
});

/** GET /api/projects/:projectId/ending — what cancelling or ending now would do, for the confirm dialog. */
export const EndingPreviewResponseSchema = z.object({
  cancel: Option,
  /** The last instant the project can be cancelled. */
  cancelDeadline: z.iso.datetime({ offset: true }),
  end: Option,
});
export type EndingPreviewResponse = z.infer<typeof EndingPreviewResponseSchema>;

/** A charity of the vetted list (or the Kept Charity Fund) as the pages show it. */
export const CharitySchema = z.object({
  id: z.string(),
  name: z.string(),
  registration: z.string(),
  site: z.string(),
});

/** What a project's page says of its commitment: its charity, pauses, and whether it was stopped early. */
export const ProjectCommitmentSchema = z.object({
  charity: CharitySchema,
  pausedPeriods: z.array(z.number().int().min(1)),
  endedEarlyAt: z.iso.datetime({ offset: true }).nullable(),
  cancelledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ProjectCommitment = z.infer<typeof ProjectCommitmentSchema>;
