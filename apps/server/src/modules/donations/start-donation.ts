// POST /api/donations/intent: anyone, signed in or not, starts a donation to a live project they do
// not own. The amount is the validated request's; the server generates the donation id and the
// intent's metadata (spec §7).
import crypto from 'node:crypto';
import type { DonationData, PaymentIntentResponse } from '@kept/contract';
import { projectBounds, projectStatus } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { allInOrder } from '../../in-order.ts';
import type { PaymentsModule } from '../payments/index.ts';
import type { CardTryer } from '../payments/card-testing.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { DonationMetadata } from './apply-donation.ts';
import { projectToDonateTo } from './queries.ts';

type DonatableProject = NonNullable<Awaited<ReturnType<typeof projectToDonateTo>>>;

const HOUR = 3_600_000;

export const DONATION_MESSAGES = {
  ownProject: 'You cannot donate to your own project.',
  notFound: 'Project not found',
  ended: 'This project has ended and no longer accepts donations.',
} as const;

export async function startDonation(
  deps: {
    db: Db;
    clock: Clock;
    limiter: RateLimiter;
    payments: Pick<PaymentsModule, 'startPayment' | 'cardTesting'>;
  },
  input: {
    donation: DonationData;
    clientKey: string | undefined;
    ip: string;
    /** Who starts it: the donor's visitor key (the webhook counts a failed card against it) and user. */
    tryer: () => Promise<CardTryer>;
  },
): Promise<PaymentIntentResponse> {
  const { donation } = input;
  const notFound = () => new DomainError('not_found', DONATION_MESSAGES.notFound);
  // The client address's limit, then the visitor's failed cards, then the project, as one wait.
  const [, tryer, project] = await allInOrder(
    deps.limiter.consume({ key: `payments:donation:ip:${input.ip}`, max: 300, windowMs: HOUR }),
    // A visitor who has used this hour's failed card attempts starts no new form.
    input.tryer().then(async (tryer) => {
      await deps.payments.cardTesting.checkTryer(tryer);
      return tryer;
    }),
    isUuid(donation.projectId) ? projectToDonateTo(deps.db, donation.projectId) : Promise.resolve(undefined),
  );
  if (!project) throw notFound();
  if (tryer.userId === project.userId) throw new DomainError('forbidden', DONATION_MESSAGES.ownProject);
  const refuseUnlessOpen = (p: DonatableProject | undefined) => {
    if (!p) throw notFound();
    const schedule = projectBounds({ ...p, timezone: p.projectTimezone });
    if (
      p.projectStatus !== 'active' ||
      p.endedEarlyAt !== null ||
      projectStatus(schedule.startsAt, schedule.endsAt, deps.clock.now()) === 'completed'
    ) {
      throw new DomainError('conflict', DONATION_MESSAGES.ended);
    }
  };
  refuseUnlessOpen(project);
  const metadata: DonationMetadata = {
    projectId: project.id,
    donationId: crypto.randomUUID(),
    donorName: donation.donorName ?? '',
    donorEmail: donation.donorEmail ?? '',
    donorAnonymous: donation.donorAnonymous ? 'true' : 'false',
    message: donation.message,
    showAmount: donation.showAmount ? 'true' : 'false',
    ...(tryer.visitor ? { visitor: tryer.visitor } : {}),
  };
  const { row, intent } = await deps.payments.startPayment({
    kind: 'donation',
    amountCents: donation.amountCents,
    userId: tryer.userId,
    projectId: project.id,
    draft: null,
    metadata,
    description: `Donation to "${project.title}"`.slice(0, 200),
    // The form is stored under the project's row lock, checked again: a cancel (which takes the same
    // lock and counts open forms) and a new form cannot both go through; whichever commits first wins.
    guard: async (tx) => refuseUnlessOpen(await projectToDonateTo(tx, project.id, { share: true })),
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
}
