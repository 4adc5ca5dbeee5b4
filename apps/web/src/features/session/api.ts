import { apiRequest } from '../../lib/api';

/** The signed-in user as `GET /api/session` describes them. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  timezone: string;
  createdAt: string;
}

export interface SessionResponse {
  user: SessionUser | null;
}

export const sessionQueryKey = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/session', signal ? { signal } : {});
}

export function signOut(): Promise<unknown> {
  return apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}
