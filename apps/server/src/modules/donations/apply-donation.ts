// A succeeded donation's effect (registered as the 'donation' payment kind's, index.ts), inside the
// payment-succeeded event's transaction: the donation row, 80% to the project's refundable pool and 20%
// to the platform, and the project's refundable_amount set to its new pool balance; after the project
// was settled, the share is settled at once by the same check-ins. The donor's receipt and the owner's
// note (an email, and a push to each browser they subscribed) are queued in the same transaction. The project row is locked first, so concurrent donations queue.
import { donationSplit } from '@kept/domain';
import { queueEmail } from '../../jobs/tasks.ts';
import { ACCOUNTS, postTransaction, syncRefundable } from '../ledger/ledger.ts';
import type { PaymentEffect } from '../payments/index.ts';
import { settleLateDonation } from '../settlement/index.ts';
import { queuePush } from '../push/index.ts';
import { donationReceiptEmail, donationReceivedEmail, donationReceivedPush } from './emails.ts';
import { insertDonation, lockDonatedProject } from './queries.ts';

/** What a donation payment carries in its metadata (spec §7), as we stored it when creating the intent. */
export type DonationMetadata = {
  projectId: string;
  donationId: string;
  donorName: string;
  donorEmail: string;
  donorAnonymous: 'true' | 'false';
  /** The supporter's message ('' for none; absent on payments started before messages existed). */
  message?: string;
  /** Whether the supporters list shows the amount. */
  showAmount?: 'true' | 'false';
  /** Who started the form (a keyed hash of the address, card-testing.ts). */
  visitor?: string;
};

export const applyDonation =
  (deps: { baseUrl: string }): PaymentEffect =>
  async (tx, { payment, now }) => {
    const meta = payment.metadata as DonationMetadata;
    const projectId = payment.projectId;
    if (!projectId || meta.projectId !== projectId)
      throw new Error(`donation payment ${payment.id} has no project`);

    const project = await lockDonatedProject(tx, projectId);
    if (!project) throw new Error(`donation payment ${payment.id}: project ${projectId} not found`);

    const split = donationSplit(payment.amountCents);
    const donorName = meta.donorName === '' ? null : meta.donorName;
    const donorEmail = meta.donorEmail === '' ? null : meta.donorEmail;
    const donorAnonymous = meta.donorAnonymous !== 'false';
    await insertDonation(tx, {
      id: meta.donationId,
      projectId,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      creatorShareCents: split.creatorCents,
      platformShareCents: split.platformCents,
      donorName,
      donorEmail,
      donorAnonymous,
      message: meta.message ? meta.message : null,
      showAmount: meta.showAmount === 'true',
      createdAt: now,
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
      now,
    });
    const refundableCents = await syncRefundable(tx, projectId);

    const url = `${deps.baseUrl}/project/${projectId}`;
    if (donorEmail)
      await queueEmail(
        tx,
        `donation-receipt:${payment.id}`,
        donationReceiptEmail({
          to: donorEmail,
          donorName,
          title: project.title,
          amountCents: payment.amountCents,
          creatorCents: split.creatorCents,
          url,
        }),
      );
    if (project.ownerEmail)
      await queueEmail(
        tx,
        `donation-note:${payment.id}`,
        donationReceivedEmail({
          to: project.ownerEmail,
          username: project.ownerUsername,
          donor: donorAnonymous ? null : donorName,
          title: project.title,
          amountCents: payment.amountCents,
          creatorCents: split.creatorCents,
          refundableCents,
          late,
          url,
        }),
      );
    await queuePush(
      tx,
      `donation-note:${payment.id}`,
      project.ownerId,
      donationReceivedPush({
        projectId,
        donor: donorAnonymous ? null : donorName,
        title: project.title,
        amountCents: payment.amountCents,
      }),
    );
    return { projectId };
  };
