import { formatCents, formatInstantDate, projectSchedule } from '@kept/domain';
import { MONEY_LINE, renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';
import { queueEmail } from '../../jobs/tasks.ts';
import type { Tx } from '../ledger/ledger.ts';
import { payoutOwed, type ProjectRow, type SettlementRow } from './deps.ts';
import { insertSettlementNotification, ownerOf } from './queries.ts';
import { REFUND_PROCESSING_DAYS, refundFormula } from './rules.ts';

export const scheduleOf = (p: ProjectRow) =>
  projectSchedule({
    createdAt: p.createdAt,
    endDate: p.endDate,
    totalLengthDays: p.totalLengthDays,
    checkInFrequencyDays: p.checkInFrequencyDays,
    timezone: p.projectTimezone,
    pausedPeriods: p.pausedPeriods,
    endedEarlyAt: p.endedEarlyAt,
  });

/** The result email, once per project (notifications row), queued in the caller's transaction. */
export async function queueResultEmail(
  tx: Tx,
  input: { settlement: SettlementRow; project: ProjectRow; now: Date; baseUrl: string },
): Promise<void> {
  const { settlement: s, project } = input;
  const owner = await ownerOf(tx, s.userId);
  if (!owner) return;
  const noteId = await insertSettlementNotification(tx, {
    projectId: s.projectId,
    userId: s.userId,
    now: input.now,
  });
  if (!noteId) return;
  const schedule = scheduleOf(project);
  await queueEmail(
    tx,
    `notification:${noteId}`,
    settlementEmail({
      to: owner.email,
      username: owner.username,
      title: project.title,
      endsAt: schedule.endsAt,
      timeZone: schedule.timezone,
      depositCents: s.depositCents,
      poolCents: s.poolCents,
      totalCheckIns: s.totalCheckins,
      missedCheckIns: s.missedCheckins,
      refundCents: s.refundCents,
      refundToCardCents: s.refundToCardCents,
      payoutCents: s.payoutCents + s.latePayoutCents,
      payoutPaid: payoutOwed(s) === 0,
      forfeitCents: s.forfeitCents,
      url: `${input.baseUrl}/project/${s.projectId}`,
    }),
  );
}

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
  paragraphs.push(MONEY_LINE(p.url));
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
