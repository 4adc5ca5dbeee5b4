import type { PushMessage } from '@kept/contract';
import { CREATOR_SHARE_PERCENT, formatCents } from '@kept/domain';
import { MONEY_LINE, renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

/** The donor's receipt. */
export function donationReceiptEmail(p: {
  to: string;
  donorName: string | null;
  title: string;
  amountCents: number;
  creatorCents: number;
  url: string;
}): EmailMessage {
  return {
    to: p.to,
    subject: `Thank you for supporting ${p.title}`,
    ...renderEmail({
      heading: 'Thank you for your donation',
      paragraphs: [
        p.donorName ? `Hi ${p.donorName},` : 'Hi,',
        `You donated ${formatCents(p.amountCents)} to "${p.title}". This email is your receipt.`,
        `${formatCents(p.creatorCents)} (${CREATOR_SHARE_PERCENT}%) goes to the creator's refundable amount; the rest keeps Kept running. Donations are not refundable.`,
      ],
      action: { label: 'See the project', url: p.url },
    }),
  };
}

/** The project owner's note. An anonymous donor stays anonymous; the donor's email is never shown. */
export function donationReceivedEmail(p: {
  to: string;
  username: string | null;
  donor: string | null;
  title: string;
  amountCents: number;
  creatorCents: number;
  refundableCents: number;
  /** Set when the donation arrived after the project was settled (its share was settled at once). */
  late?: { payoutCents: number; forfeitCents: number } | null;
  url: string;
}): EmailMessage {
  const share = p.late
    ? `Your project was already settled, so ${formatCents(p.creatorCents)} was settled by the same check-ins: ${formatCents(p.late.payoutCents)} is paid out to you and ${formatCents(p.late.forfeitCents)} goes to charity.`
    : `${formatCents(p.creatorCents)} was added to your refundable amount, which is now ${formatCents(p.refundableCents)}. Keep checking in!`;
  return {
    to: p.to,
    subject: 'You received a donation',
    ...renderEmail({
      heading: 'You received a donation',
      paragraphs: [
        p.username ? `Hi ${p.username},` : 'Hi,',
        `${p.donor ?? 'An anonymous supporter'} donated ${formatCents(p.amountCents)} to "${p.title}".`,
        share,
        MONEY_LINE(p.url),
      ],
      action: { label: 'Open your project', url: p.url },
    }),
  };
}

/** The owner's push, on every browser they subscribed: the same news as the email, short. */
export function donationReceivedPush(p: {
  projectId: string;
  donor: string | null;
  title: string;
  amountCents: number;
}): PushMessage {
  return {
    title: 'You received a donation',
    body: `${p.donor ?? 'An anonymous supporter'} donated ${formatCents(p.amountCents)} to "${p.title}".`,
    url: `/project/${p.projectId}`,
    tag: `donation:${p.projectId}`,
  };
}
