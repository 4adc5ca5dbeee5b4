import type { PushMessage } from '@kept/contract';
import { formatLocalDate, type LocalDate } from '@kept/domain';
import { escapeHtml, renderEmail, renderNoticePage } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

/** The notifications row's kind of each reminder: the evening before, the due day, overdue. */
export type ReminderKind = 'day-before' | 'due' | 'overdue';

/** Adds the unsubscribe link to both parts: a line of text, and a real link in the HTML. */
function withUnsubscribe(body: { text: string; html: string }, url: string): { text: string; html: string } {
  const link = `<p style="font-size:13px;color:#6b7280;margin:16px 0 0">Don't want these reminders? <a href="${escapeHtml(url)}" style="color:#047857">Unsubscribe from check-in reminders</a>.</p>`;
  const line = `Don't want these reminders? Unsubscribe: ${url}`;
  const footer = body.text.lastIndexOf('\n--\n');
  return {
    text:
      footer === -1
        ? `${body.text}\n${line}\n`
        : `${body.text.slice(0, footer)}\n${line}\n${body.text.slice(footer)}`,
    html: body.html.replace('</div></body></html>', `${link}\n</div></body></html>`),
  };
}

/**
 * The check-in reminder: the evening before ('day-before'), on the day a check-in is due ('due'), or once
 * it is overdue ('overdue').
 */
export function reminderEmail(p: {
  kind: ReminderKind;
  to: string;
  username: string | null;
  title: string;
  /** d_k, the day the check-in is due. */
  dueDate: LocalDate;
  /** The period's last day: a check-in until then still counts. */
  lastDate: LocalDate;
  missedSoFar: number;
  totalCheckIns: number;
  url: string;
  unsubscribeUrl: string;
}): EmailMessage {
  const hi = p.username ? `Hi ${p.username},` : 'Hi,';
  const until = formatLocalDate(p.lastDate, { long: true });
  const missed =
    p.missedSoFar === 0
      ? `So far you have not missed a single check-in of ${p.totalCheckIns}. Keep it that way!`
      : `So far ${p.missedSoFar} of ${p.totalCheckIns} check-ins are missed; every one you make keeps more of your refund.`;
  const content =
    p.kind === 'day-before'
      ? {
          subject: `Check-in tomorrow: ${p.title}`,
          heading: `Tomorrow is a check-in day for "${p.title}"`,
          paragraphs: [
            hi,
            `Tomorrow, ${formatLocalDate(p.dueDate, { long: true })}, is a check-in day for "${p.title}". Post an update, a photo or a video to keep your full refund.`,
            missed,
          ],
        }
      : p.kind === 'due'
        ? {
            subject: `Check-in due today: ${p.title}`,
            heading: `Time to check in on "${p.title}"`,
            paragraphs: [
              hi,
              `Today, ${formatLocalDate(p.dueDate, { long: true })}, is a check-in day for "${p.title}". Post an update, a photo or a video to keep your full refund.`,
              p.lastDate === p.dueDate
                ? 'It counts until the end of today; after that this check-in is missed and your refund shrinks.'
                : `It counts until the end of ${until}; after that this check-in is missed and your refund shrinks.`,
              missed,
            ],
          }
        : {
            subject: `Check-in overdue: ${p.title}`,
            heading: `Your check-in for "${p.title}" is overdue`,
            paragraphs: [
              hi,
              `Your check-in for "${p.title}" was due on ${formatLocalDate(p.dueDate, { long: true })}. There is still time: a check-in by the end of ${until} counts.`,
              missed,
            ],
          };
  return {
    to: p.to,
    subject: content.subject,
    ...withUnsubscribe(
      renderEmail({
        heading: content.heading,
        paragraphs: content.paragraphs,
        action: { label: 'Check in now', url: p.url },
        footer: 'Kept · check-in reminders for your projects',
      }),
      p.unsubscribeUrl,
    ),
  };
}

/** The check-in reminder as a push: what the notification shows, and the project page it opens. */
export function reminderPush(p: {
  kind: ReminderKind;
  projectId: string;
  title: string;
  dueDate: LocalDate;
  lastDate: LocalDate;
}): PushMessage {
  const until = formatLocalDate(p.lastDate, { long: true });
  const content =
    p.kind === 'day-before'
      ? { title: `Check-in tomorrow: ${p.title}`, body: 'Tomorrow is a check-in day. Keep your full refund!' }
      : p.kind === 'due'
        ? {
            title: `Check-in due today: ${p.title}`,
            body:
              p.lastDate === p.dueDate
                ? 'It counts until the end of today.'
                : `It counts until the end of ${until}.`,
          }
        : {
            title: `Check-in overdue: ${p.title}`,
            body: `There is still time: a check-in by the end of ${until} counts.`,
          };
  return { ...content, url: `/project/${p.projectId}`, tag: `reminder:${p.projectId}` };
}

/** The page the unsubscribe link opens. */
export function unsubscribedPage(opts: { ok: boolean; homeUrl: string }): string {
  const title = opts.ok ? 'Check-in reminders are off' : 'This link does not work';
  const text = opts.ok
    ? 'You will not get check-in reminder emails any more. Emails about your money (deposits, donations, settlement) still reach you. You can turn reminders back on in Settings.'
    : 'The unsubscribe link is incomplete or unknown. Please use the link from your most recent reminder email.';
  return renderNoticePage({ title, text, homeUrl: opts.homeUrl });
}
