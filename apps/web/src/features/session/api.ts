import type { SessionResponse, SessionUser } from '@kept/contract';
import { api, call } from '../../lib/api';

export type { SessionResponse, SessionUser };

export const sessionQueryKey = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return call(api.GET('/api/session', { signal }));
}

export function signOut(): Promise<unknown> {
  return call(api.POST('/api/auth/sign-out'));
}

/** How to call the user in the interface: their username, or (before they picked one) their email. */
export function displayName(user: SessionUser): string {
  return user.username ?? user.email;
}
