import { formatCents, formatInstantDate } from '@kept/domain';
import { renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';
import { REFUND_PROCESSING_DAYS, refundFormula } from './rules.ts';

/** The settlement result: the formula with the project's numbers, where each part of the pool went. */
export function settlementEmail(p: {
  to: string;
  username: string | null;
  title: string;
  endsAt: Date;
  timeZone: string;
  depositCents: number;
  poolCents: number;
  totalCheckIns: number;
  missedCheckIns: number;
  refundCents: number;
  refundToCardCents: number;
  payoutCents: number;
  payoutPaid: boolean;
  forfeitCents: number;
  url: string;
}): EmailMessage {
  const made = p.totalCheckIns - p.missedCheckIns;
  const paragraphs = [
    p.username ? `Hi ${p.username},` : 'Hi,',
    `"${p.title}" ended on ${formatInstantDate(p.endsAt, p.timeZone, { long: true })}. You made ${made} of ${p.totalCheckIns} check-ins (${p.missedCheckIns} missed).`,
    `Your refund: ${refundFormula(p)}.`,
  ];
  if (p.refundToCardCents > 0)
    paragraphs.push(
      `${formatCents(p.refundToCardCents)} is on its way back to the card you paid the deposit with. Refunds take ${REFUND_PROCESSING_DAYS} to show on your statement; the processing fee is not refunded.`,
    );
  if (p.payoutCents > 0)
    paragraphs.push(
      p.payoutPaid
        ? `${formatCents(p.payoutCents)} from your supporters' donations has been paid out to you.`
        : `${formatCents(p.payoutCents)} from your supporters' donations is owed to you and will be paid out as soon as your payout account is ready.`,
    );
  paragraphs.push(
    p.forfeitCents > 0
      ? `${formatCents(p.forfeitCents)} for the missed check-ins goes to charity.`
      : 'You made every check-in: nothing was forfeited. Well done!',
  );
  return {
    to: p.to,
    subject: `Your project "${p.title}" is settled: ${formatCents(p.refundCents)} back`,
    ...renderEmail({
      heading: `"${p.title}" is settled`,
      paragraphs,
      action: { label: 'See the settlement', url: p.url },
    }),
  };
}
