import { EMAIL_MESSAGES, MESSAGES, validateEmail } from '@kept/domain';
import type { NewsletterRequest } from '@kept/contract';
import { ApiError, NetworkError, api, call } from '../../lib/api';

/** The footer form's texts (spec §8 Newsletter), shared with the server where both say them. */
export const NEWSLETTER_TEXT = {
  blank: EMAIL_MESSAGES.required,
  invalid: EMAIL_MESSAGES.invalid,
  success: MESSAGES.newsletterSuccess,
  failed: MESSAGES.newsletterFailed,
  network: MESSAGES.networkError,
} as const;

/** Client-side check (the shared rule): the message to show, or null when the email may be sent. */
export function validateNewsletterEmail(email: string): string | null {
  return validateEmail(email);
}

export type NewsletterResult = { ok: true } | { ok: false; message: string };

/** POST /api/newsletter {email}. Never throws: every outcome becomes a message from the spec. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterResult> {
  try {
    const request: NewsletterRequest = { email: email.trim() };
    const body = await call(api.POST('/api/newsletter', { body: request }));
    if (body?.success === true) return { ok: true };
    return { ok: false, message: body?.error || NEWSLETTER_TEXT.failed };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: NEWSLETTER_TEXT.network };
    if (error instanceof ApiError && error.fromServer) return { ok: false, message: error.message };
    return { ok: false, message: NEWSLETTER_TEXT.failed };
  }
}
