import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQueryKey, signOut, type SessionResponse } from './api';

/** Logout: end the session on the server, forget the user and everything fetched for them, go home. */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function run(): Promise<void> {
    setIsSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out request failed', error);
    } finally {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      setIsSigningOut(false);
      await navigate('/');
    }
  }

  return { signOut: run, isSigningOut };
}
