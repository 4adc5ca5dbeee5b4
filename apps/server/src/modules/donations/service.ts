// Starting a donation: anyone, signed in or not, to a live project they do not own. The amount is
// the validated request's; the server generates the donation id and the intent's metadata (spec §7).
import crypto from 'node:crypto';
import type { DonationData, PaymentIntentResponse } from '@kept/contract';
import { projectBounds, projectStatus } from '@kept/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import type { PaymentService } from '../payments/service.ts';
import type { DonationMetadata } from './apply.ts';

export const DONATION_MESSAGES = {
  ownProject: 'You cannot donate to your own project.',
  notFound: 'Project not found',
  ended: 'This project has ended and no longer accepts donations.',
} as const;

export function createDonationService(deps: { db: Db; payments: PaymentService; clock: Clock }) {
  return {
    async createDonationIntent(input: {
      donation: DonationData;
      donorUserId: string | null;
      /** The donor's visitor key (card-testing.ts): the webhook counts a failed card against it. */
      visitor: string | null;
      clientKey: string | undefined;
    }): Promise<PaymentIntentResponse> {
      const { donation } = input;
      const notFound = () => new DomainError('not_found', DONATION_MESSAGES.notFound);
      if (!isUuid(donation.projectId)) throw notFound();
      const [project] = await deps.db
        .select({
          id: projects.id,
          title: projects.title,
          userId: projects.userId,
          createdAt: projects.createdAt,
          endDate: projects.endDate,
          totalLengthDays: projects.totalLengthDays,
          checkInFrequencyDays: projects.checkInFrequencyDays,
          projectTimezone: projects.projectTimezone,
          projectStatus: projects.projectStatus,
        })
        .from(projects)
        .where(and(eq(projects.id, donation.projectId), isNull(projects.deletedAt)));
      if (!project) throw notFound();
      if (input.donorUserId === project.userId)
        throw new DomainError('forbidden', DONATION_MESSAGES.ownProject);
      const schedule = projectBounds({ ...project, timezone: project.projectTimezone });
      if (
        project.projectStatus !== 'active' ||
        projectStatus(schedule.startsAt, schedule.endsAt, deps.clock.now()) === 'completed'
      ) {
        throw new DomainError('conflict', DONATION_MESSAGES.ended);
      }
      const metadata: DonationMetadata = {
        projectId: project.id,
        donationId: crypto.randomUUID(),
        donorName: donation.donorName ?? '',
        donorEmail: donation.donorEmail ?? '',
        donorAnonymous: donation.donorAnonymous ? 'true' : 'false',
        ...(input.visitor ? { visitor: input.visitor } : {}),
      };
      const { row, intent } = await deps.payments.startPayment({
        kind: 'donation',
        amountCents: donation.amountCents,
        userId: input.donorUserId,
        projectId: project.id,
        draft: null,
        metadata,
        description: `Donation to "${project.title}"`.slice(0, 200),
        clientKey: input.clientKey,
        request: donation,
      });
      return {
        paymentId: row.id,
        provider: row.provider as PaymentIntentResponse['provider'],
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amountCents: row.amountCents,
        currency: 'usd',
      };
    },
  };
}

export type DonationService = ReturnType<typeof createDonationService>;
