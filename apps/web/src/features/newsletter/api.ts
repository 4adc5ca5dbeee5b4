import { ApiError, NetworkError, apiRequest } from '../../lib/api';

export const NEWSLETTER_TEXT = {
  blank: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  success: 'Successfully subscribed! Check your email for confirmation.',
  failed: 'Failed to subscribe. Please try again.',
  network: 'Network error. Please try again.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side check of the footer form. Returns the message to show, or null when the email may be sent. */
export function validateNewsletterEmail(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return NEWSLETTER_TEXT.blank;
  if (!EMAIL_PATTERN.test(trimmed)) return NEWSLETTER_TEXT.invalid;
  return null;
}

interface NewsletterResponse {
  success?: boolean;
  error?: string;
}

export type NewsletterResult = { ok: true } | { ok: false; message: string };

/** POST /api/newsletter {email}. Never throws: every outcome becomes a message from the spec. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterResult> {
  try {
    const body = await apiRequest<NewsletterResponse | undefined>('/api/newsletter', {
      method: 'POST',
      body: { email: email.trim() },
    });
    if (body?.success === true) return { ok: true };
    return { ok: false, message: body?.error || NEWSLETTER_TEXT.failed };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: NEWSLETTER_TEXT.network };
    if (error instanceof ApiError && error.fromServer) return { ok: false, message: error.message };
    return { ok: false, message: NEWSLETTER_TEXT.failed };
  }
}
