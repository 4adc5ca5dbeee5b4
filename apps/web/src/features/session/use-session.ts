import { useQuery } from '@tanstack/react-query';
import { sessionQuery, type SessionUser } from './api';

export interface SessionState {
  /** The signed-in user, or null for an anonymous visitor (also when the check failed). */
  user: SessionUser | null;
  /** True until the first answer about the session has arrived. */
  isLoading: boolean;
}

export function useSession(): SessionState {
  const query = useQuery(sessionQuery());
  return { user: query.data?.user ?? null, isLoading: query.isPending };
}
