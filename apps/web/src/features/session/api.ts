import type { SessionResponse, SessionUser } from '@kept/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

export type { SessionResponse, SessionUser };

export const sessionQueryKey = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return call(api.GET('/api/session', { signal }));
}

/** Who is signed in, as a query. */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
  });
}

export function signOut(): Promise<unknown> {
  return call(api.POST('/api/auth/sign-out'));
}

/** How to call the user in the interface: their username, or (before they picked one) their email. */
export function displayName(user: SessionUser): string {
  return user.username ?? user.email;
}

/** POST /api/me/verification-email: the confirmation link again, to the signed-in address. */
export function resendVerification(): Promise<unknown> {
  return call(api.POST('/api/me/verification-email'));
}

/** POST /api/auth/verify-email: the token of a confirmation link. */
export function verifyEmail(token: string): Promise<unknown> {
  return call(api.POST('/api/auth/verify-email', { body: { token } }));
}
