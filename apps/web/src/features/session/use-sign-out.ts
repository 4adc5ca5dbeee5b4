import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetOfflineCopies } from '../../lib/service-worker';
import { sessionQueryKey, signOut, type SessionResponse } from './api';

/** Logout: end the session on the server, go home, and forget the user and everything fetched for them. */
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
      setIsSigningOut(false);
      // Leave the page first: were the user cleared while a signed-in-only page is still showing, that
      // page would redirect to /login?returnTo=… instead. (The router updates without transitions, see app.tsx.)
      await navigate('/');
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      // The service worker's copies of this user's pages go too (a shared computer shows none offline).
      await forgetOfflineCopies().catch(() => undefined);
    }
  }

  return { signOut: run, isSigningOut };
}
