// A succeeded donation's effect, inside the payment-succeeded event's transaction: the donation row,
// 80% to the project's refundable pool and 20% to the platform, and the project's refundable_amount
// set to its new pool balance. The project row is locked first, so concurrent donations queue.
import { donationSplit } from '@kept/domain';
import { eq } from 'drizzle-orm';
import type { EmailMessage } from '../../adapters/email/mailer.ts';
import type { payments } from '../../db/schema.ts';
import { donations, projects, users } from '../../db/schema.ts';
import { ACCOUNTS, postTransaction, syncRefundable, type Tx } from '../ledger/ledger.ts';
import { settleLateDonation } from '../settlement/service.ts';
import { donationReceiptEmail, donationReceivedEmail } from './emails.ts';

type PaymentRow = typeof payments.$inferSelect;

/** What a donation payment carries in its metadata (spec §7), as we stored it when creating the intent. */
export type DonationMetadata = {
  projectId: string;
  donationId: string;
  donorName: string;
  donorEmail: string;
  donorAnonymous: 'true' | 'false';
  /** Who started the form (a keyed hash of the address, card-testing.ts). */
  visitor?: string;
};

export async function applyDonation(
  tx: Tx,
  input: { payment: PaymentRow; baseUrl: string },
): Promise<{
  donationId: string;
  projectId: string;
  /** The donor's receipt and the owner's note, when there is an address to send them to. */
  emails: { receipt?: EmailMessage; note?: EmailMessage };
}> {
  const { payment } = input;
  const meta = payment.metadata as DonationMetadata;
  const projectId = payment.projectId;
  if (!projectId || meta.projectId !== projectId)
    throw new Error(`donation payment ${payment.id} has no project`);

  // The project row locked, with its owner's address for the note (one statement).
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      ownerEmail: users.email,
      ownerUsername: users.username,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .for('update', { of: projects });
  if (!project) throw new Error(`donation payment ${payment.id}: project ${projectId} not found`);

  const split = donationSplit(payment.amountCents);
  const donorName = meta.donorName === '' ? null : meta.donorName;
  const donorEmail = meta.donorEmail === '' ? null : meta.donorEmail;
  const donorAnonymous = meta.donorAnonymous !== 'false';
  await tx.insert(donations).values({
    id: meta.donationId,
    projectId,
    paymentId: payment.id,
    amountCents: payment.amountCents,
    creatorShareCents: split.creatorCents,
    platformShareCents: split.platformCents,
    donorName,
    donorEmail,
    donorAnonymous,
  });
  await postTransaction(tx, {
    kind: 'donation',
    idempotencyKey: `payment:${payment.id}:succeeded`,
    paymentId: payment.id,
    projectId,
    memo: `Donation ${meta.donationId}`,
    entries: [
      { account: ACCOUNTS.card, amountCents: -payment.amountCents },
      { account: ACCOUNTS.pool(projectId), amountCents: split.creatorCents },
      { account: ACCOUNTS.platformFees, amountCents: split.platformCents },
    ],
  });
  // After the project's settlement froze its numbers, the share is settled at once by the same rule.
  const late = await settleLateDonation(tx, {
    projectId,
    paymentId: payment.id,
    creatorCents: split.creatorCents,
  });
  const refundableCents = await syncRefundable(tx, projectId);

  const url = `${input.baseUrl}/project/${projectId}`;
  const emails: { receipt?: EmailMessage; note?: EmailMessage } = {};
  if (donorEmail) {
    emails.receipt = donationReceiptEmail({
      to: donorEmail,
      donorName,
      title: project.title,
      amountCents: payment.amountCents,
      creatorCents: split.creatorCents,
      url,
    });
  }
  if (project.ownerEmail) {
    emails.note = donationReceivedEmail({
      to: project.ownerEmail,
      username: project.ownerUsername,
      donor: donorAnonymous ? null : donorName,
      title: project.title,
      amountCents: payment.amountCents,
      creatorCents: split.creatorCents,
      refundableCents,
      late,
      url,
    });
  }
  return { donationId: meta.donationId, projectId, emails };
}
