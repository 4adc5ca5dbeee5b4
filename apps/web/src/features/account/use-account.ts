// TanStack Query hooks for the account screens (Settings' writes are in settings-writes.ts, which only
// the Settings sections' chunk loads). Every change that affects who is signed in (or what
// they are called) updates the session query, so the navigation bar follows at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey, type SessionResponse } from '../session';
import {
  publicProfileQuery,
  requestPasswordReset,
  resetLinkQuery,
  resetPassword,
  settingsQuery,
  signIn,
  signUp,
  type SignUpBody,
} from './api';

/** Sign up; nobody is signed in by it (the login page comes next), so nothing cached changes. */
export function useSignUp() {
  return useMutation({ mutationFn: (request: SignUpBody) => signUp(request) });
}

/** Sign in; on success the session query holds the new user and anything fetched anonymously is dropped. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password),
    onSuccess: (response) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: response.user });
    },
  });
}

/** Ask for a reset link; nothing cached changes. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** Whether the reset link still works, asked when the page opens (it does not use the link up). */
export function useResetLinkCheck(token: string) {
  return useQuery({ ...resetLinkQuery(token), enabled: token !== '' });
}

/** Reset the password. The server ends every session of that user, so check ours again. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      resetPassword(input.token, input.password, input.confirmPassword),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export function useSettings() {
  return useQuery(settingsQuery());
}

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQuery(username));
}
