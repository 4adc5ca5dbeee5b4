import { renderEmail, renderNoticePage } from '../../adapters/email/layout.ts';
import type { EmailMessage } from '../../adapters/email/mailer.ts';

export function newsletterWelcomeEmail(to: string, unsubscribeUrl: string): EmailMessage {
  return {
    to,
    subject: 'Welcome to the Kept newsletter',
    ...renderEmail({
      heading: 'Welcome to the Kept newsletter',
      paragraphs: [
        'Thanks for subscribing! Now and then we will send you stories of projects that got done, tips for keeping a streak, and news about Kept.',
        'If you did not sign up, or change your mind, one click on the link below unsubscribes you.',
      ],
      action: { label: 'Unsubscribe', url: unsubscribeUrl },
      footer: 'Kept · you receive this because this address was subscribed to the Kept newsletter',
    }),
  };
}

/** The small page the unsubscribe link opens. */
export function unsubscribePage(opts: { ok: boolean; homeUrl: string }): string {
  const title = opts.ok ? "You're unsubscribed" : 'This link does not work';
  const text = opts.ok
    ? 'You will not get the Kept newsletter any more. Sorry to see you go, and good luck with your projects!'
    : 'The unsubscribe link is incomplete or unknown. Please use the link from your most recent newsletter email.';
  return renderNoticePage({ title, text, homeUrl: opts.homeUrl });
}
