import { formatLocalDate, localDateOf } from '@kept/domain';
import { renderEmail } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

/** "Your data is ready": where to download it (Settings, signed in) and until when. */
export function exportReadyEmail(p: {
  to: string;
  username: string | null;
  timezone: string;
  expiresAt: Date;
  url: string;
}): EmailMessage {
  const until = formatLocalDate(localDateOf(p.expiresAt, p.timezone), { long: true });
  return {
    to: p.to,
    subject: 'Your Kept data export is ready',
    ...renderEmail({
      heading: 'Your data is ready to download',
      paragraphs: [
        p.username ? `Hi ${p.username},` : 'Hi,',
        'The copy of your Kept data you asked for is ready: your profile, projects, check-ins and their photos, pauses, donations, payments, refunds and payouts, as JSON and CSV files in one zip.',
        `Download it from Settings while you are signed in, until ${until}. After that it is deleted; you can always ask for a new one.`,
        'If you did not ask for this, someone may be signed in to your account: please change your password in Settings.',
      ],
      action: { label: 'Download your data', url: p.url },
      footer: 'Kept · you get this email because you asked for a copy of your data',
    }),
  };
}
