// Calls to the account API (sign-up, sign-in, password reset, settings, public profiles) and the rule
// for turning a failure into the text the spec shows.
import type { PublicProfileResponse, SessionResponse, SettingsResponse } from '@kept/contract';
import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '@kept/domain';
import { ApiError, NetworkError, api, call, type ApiBody } from '../../lib/api';
import { PROFILE_ROOT } from '../../lib/query-keys';

export type { PublicProfileResponse, SettingsResponse };

export const settingsQueryKey = ['account', 'settings'] as const;
export const profileQueryKey = (username: string) => [...PROFILE_ROOT, username.toLowerCase()] as const;

/**
 * What to show for a failed request: the server's own message when it sent one (the service message,
 * e.g. 'Invalid email or password' or a 429's 'Too many attempts. Please try again in N minutes.'),
 * the network text when the server could not be reached, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string = MESSAGES.generic): string {
  if (error instanceof NetworkError) return error.offline ? error.message : MESSAGES.networkError;
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

/** True for the server's "taken username" answer ('conflict'). */
export function isUsernameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict';
}

/** True for 'not_found' (no such user). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_found';
}

/** POST /api/auth/sign-up → 201 {ok:true} (also for a taken email: no enumeration). */
export type SignUpBody = ApiBody<'/api/auth/sign-up', 'post'>;

export function signUp(request: SignUpBody): Promise<unknown> {
  return call(api.POST('/api/auth/sign-up', { body: request }));
}

/** POST /api/auth/sign-in → {user}; the session cookie is set by the answer. */
export function signIn(email: string, password: string): Promise<SessionResponse> {
  return call(api.POST('/api/auth/sign-in', { body: { email, password } }));
}

/** POST /api/auth/forgot-password → the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return call(api.POST('/api/auth/forgot-password', { body: { email } }));
}

export const resetLinkQueryKey = (token: string) => ['account', 'reset-link', token] as const;

/** GET /api/auth/reset-password/:token → 200 while the link works; 'not_found' once it is used, expired or wrong. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<unknown> {
  return call(api.GET('/api/auth/reset-password/{token}', { params: { path: { token } }, signal }));
}

/**
 * True for the server's answer that a reset link cannot be used: no such link ('not_found' when asked,
 * 'invalid_reset_link' when used), or not a token at all ('validation_error').
 */
export function isInvalidResetLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'not_found' || error.code === 'invalid_reset_link' || error.code === 'validation_error')
  );
}

/** POST /api/auth/reset-password; the server ends every session of the user. */
export function resetPassword(token: string, password: string, confirmPassword: string): Promise<unknown> {
  return call(api.POST('/api/auth/reset-password', { body: { token, password, confirmPassword } }));
}

export function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return call(api.GET('/api/me/settings', { signal }));
}

export function updateUsername(username: string): Promise<SettingsResponse> {
  return call(api.PUT('/api/me/username', { body: { username } }));
}

export function updateTimezone(timezone: string): Promise<SettingsResponse> {
  return call(api.PUT('/api/me/timezone', { body: { timezone } }));
}

export function fetchPublicProfile(username: string, signal?: AbortSignal): Promise<PublicProfileResponse> {
  return call(api.GET('/api/users/{username}', { params: { path: { username } }, signal }));
}

/** The signed-in user's settings, as a query (always asked again when a screen opens). */
export function settingsQuery() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: 0,
  });
}

/** A public profile, as a query. */
export function publicProfileQuery(username: string) {
  return queryOptions({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => fetchPublicProfile(username, signal),
  });
}

/**
 * Whether a reset link still works, as a query. Asked once: a 400 is the answer, not a hiccup to retry,
 * and the answer holds while the page is open.
 */
export function resetLinkQuery(token: string) {
  return queryOptions({
    queryKey: resetLinkQueryKey(token),
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/me/password: the current password and the new one twice. */
export function changePassword(body: ApiBody<'/api/me/password', 'post'>): Promise<unknown> {
  return call(api.POST('/api/me/password', { body }));
}

/** POST /api/me/email: the new address and the current password; the link goes to the new address. */
export function requestEmailChange(body: ApiBody<'/api/me/email', 'post'>): Promise<{ message: string }> {
  return call(api.POST('/api/me/email', { body }));
}

/** POST /api/auth/email-change/confirm: the token of the link sent to the new address. */
export function confirmEmailChange(token: string): Promise<unknown> {
  return call(api.POST('/api/auth/email-change/confirm', { body: { token } }));
}

/** POST /api/auth/email-change/undo: the token of the link sent to the old address (ends every session). */
export function undoEmailChange(token: string): Promise<unknown> {
  return call(api.POST('/api/auth/email-change/undo', { body: { token } }));
}

export const accountDeletionQueryKey = ['account', 'deletion'] as const;

/** GET /api/me/account-deletion: the projects that keep the account from being deleted now. */
export function accountDeletionQuery() {
  return queryOptions({
    queryKey: accountDeletionQueryKey,
    queryFn: ({ signal }) => call(api.GET('/api/me/account-deletion', { signal })),
    staleTime: 0,
  });
}

/** POST /api/me/account-deletion: the password again; every session ends. */
export function deleteAccount(password: string): Promise<unknown> {
  return call(api.POST('/api/me/account-deletion', { body: { password } }));
}
