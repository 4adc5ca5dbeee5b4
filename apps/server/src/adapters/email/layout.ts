// Shared look of every Kept email: a plain-text body and the same content as simple, escaped HTML.
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export type EmailContent = {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
};

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? ['--', content.footer] : ['--', 'Kept']),
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-weight:700;color:#047857;font-size:18px">Kept</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${content.action ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(content.action.url)}</p>` : ''}
<p style="font-size:13px;color:#6b7280;margin-top:24px">${escapeHtml(content.footer ?? 'Kept')}</p>
</div></body></html>`;
  return { text, html };
}

/** A small standalone page (what an unsubscribe link opens): the brand, a title, a line, a way home. */
export function renderNoticePage(opts: { title: string; text: string; homeUrl: string }): string {
  const title = escapeHtml(opts.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Kept</title></head>
<body style="margin:0;padding:48px 16px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<main style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;text-align:center">
<p style="margin:0 0 16px;font-weight:700;color:#047857;font-size:18px">Kept</p>
<h1 style="font-size:22px;margin:0 0 12px">${title}</h1>
<p style="line-height:1.6;margin:0 0 24px">${escapeHtml(opts.text)}</p>
<a href="${escapeHtml(opts.homeUrl)}" style="background:#047857;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Back to Kept</a>
</main></body></html>`;
}

/**
 * The line every email about money carries: where the person's money history is (`pageUrl` is any
 * absolute address of the app, e.g. the project's page).
 */
export const MONEY_LINE = (pageUrl: string): string =>
  `Every charge, refund and payout of yours, with a receipt for each payment: ${new URL('/money', pageUrl).href}`;
