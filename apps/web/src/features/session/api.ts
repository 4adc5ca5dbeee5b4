import type { SessionResponse, SessionUser } from '@kept/contract';
import { apiRequest } from '../../lib/api';

export type { SessionResponse, SessionUser };

export const sessionQueryKey = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/session', signal ? { signal } : {});
}

export function signOut(): Promise<unknown> {
  return apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** How to call the user in the interface: their username, or (before they picked one) their email. */
export function displayName(user: SessionUser): string {
  return user.username ?? user.email;
}
