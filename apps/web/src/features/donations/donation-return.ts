// Proof that this browser tab just donated, for the thank-you on /project/{id}?donation=success.
// The donation dialog keeps the payment intent it is about to confirm in sessionStorage (this tab
// only); when the payment provider sends the payer back, the page thanks them only if that entry
// names this project and, when the provider says which intent it was, that same intent. A shared or
// bookmarked link carries no such entry, so it shows no thank-you.

const KEY = 'kept.pendingDonation';

type Pending = { projectId: string; paymentIntentId: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called just before the payment is confirmed (the provider may leave the page for the bank's). */
export function rememberPendingDonation(projectId: string, paymentIntentId: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ projectId, paymentIntentId } satisfies Pending));
  } catch {
    // Storage full or refused: the payment goes ahead, the return just shows no thank-you.
  }
}

/** The donation finished without leaving the page (or failed): nothing to thank for on a return. */
export function forgetPendingDonation(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * On a return address (`?donation=success`): did this tab just donate to `projectId`? The remembered
 * intent must name this project; the provider's `payment_intent`, when present, must be that intent,
 * and its `redirect_status`, when present, must say the payment succeeded. Reads only: the page calls
 * forgetPendingDonation once it has tidied the address, so a reload never thanks again.
 */
export function hasDonationProof(projectId: string, params: URLSearchParams): boolean {
  if (params.get('donation') !== 'success') return false;
  let pending: Pending | null;
  try {
    const raw = storage()?.getItem(KEY) ?? null;
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    pending = null;
  }
  if (!pending || pending.projectId !== projectId) return false;
  const returned = params.get('payment_intent');
  if (returned !== null && returned !== pending.paymentIntentId) return false;
  const status = params.get('redirect_status');
  return status === null || status === 'succeeded';
}

/** The query parameters the return address carries (ours and the provider's), to tidy the address. */
export const DONATION_RETURN_PARAMS = [
  'donation',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
] as const;
