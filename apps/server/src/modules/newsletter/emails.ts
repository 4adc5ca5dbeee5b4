import { escapeHtml, renderEmail } from '../../adapters/email/layout.ts';
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
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Kept</title></head>
<body style="margin:0;padding:48px 16px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<main style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;text-align:center">
<p style="margin:0 0 16px;font-weight:700;color:#047857;font-size:18px">Kept</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>
<p style="line-height:1.6;margin:0 0 24px">${escapeHtml(text)}</p>
<a href="${escapeHtml(opts.homeUrl)}" style="background:#047857;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Back to Kept</a>
</main></body></html>`;
}
