// No zod here: the web app reads error codes in its entry script's chunk too.

/**
 * Every code the API answers in its error format (`{ error: { code, message, fields? } }`). Clients
 * branch on the code, never on the HTTP status; the server turns each code into its status in one
 * place (apps/server/src/http/error-handler.ts).
 */
export const ERROR_CODE_LIST = [
  /** A field or parameter is not valid; `fields` names each one with the spec's message. */
  'validation_error',
  /** The request itself is malformed (bad JSON, a bad address, an unreadable upload). */
  'bad_request',
  /** The request body is over the size limit. */
  'body_too_large',
  /** The request body's content type is not accepted. */
  'unsupported_media_type',
  /** A password reset link that is unknown, used or expired (when it is submitted). */
  'invalid_reset_link',
  'invalid_verification_link',
  /** The Stripe webhook's signature is missing or wrong. */
  'invalid_signature',
  /** Not signed in. */
  'unauthorized',
  /** Sign-in refused (wrong email or password), in the account service's own words. */
  'auth_error',
  /** The card was declined by the processor. */
  'card_declined',
  /** Signed in, but not allowed (e.g. not the project's owner). */
  'forbidden',
  /** A state-changing request from another site. */
  'cross_origin',
  /** No such thing (project, user, category, payment, reset link, address). */
  'not_found',
  /** The request clashes with what exists (a username taken, a donation to an ended project). */
  'conflict',
  /** A check-in to a project that has ended. */
  'project_ended',
  /** Deleting a project before its end. */
  'project_not_ended',
  /** A pause (or lifting one) the rules do not allow now; the message says why. */
  'pause_not_allowed',
  /** Cancelling a project the rules do not allow to be cancelled now; the message says why. */
  'cancel_not_allowed',
  /** Changing or deleting a check-in after its 15 minutes: it is permanent. */
  'check_in_locked',

  /** An Idempotency-Key reused for a different payment. */
  'idempotency_conflict',
  /** A payment form that has expired or was cancelled. */
  'payment_expired',
  /** An uploaded picture over the size limit. */
  'file_too_large',
  /** An uploaded file that is not a supported picture. */
  'invalid_file_type',
  /** Too many attempts; the answer carries Retry-After. */
  'rate_limited',
  /** Something failed on the server; the message is generic. */
  'internal_error',
  /** The payment provider failed. */
  'payment_error',
  /** The server is overloaded or its database unreachable; try again later (Retry-After when known). */
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODE_LIST)[number];

/** Codes that say the server or a provider failed rather than the request: worth trying again. */
export const SERVER_FAULT_CODES: ReadonlySet<ErrorCode> = new Set([
  'internal_error',
  'payment_error',
  'service_unavailable',
]);

/** Is `code` one the server answers for a request it refused (not a failure of its own)? */
export function isRequestErrorCode(code: string): boolean {
  return (ERROR_CODE_LIST as readonly string[]).includes(code) && !SERVER_FAULT_CODES.has(code as ErrorCode);
}
