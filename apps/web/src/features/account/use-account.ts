// TanStack Query hooks for the account screens. Every change that affects who is signed in (or what
// they are called) updates the session query, so the navigation bar follows at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_ROOT } from '../../lib/query-keys';
import { sessionQueryKey, type SessionResponse } from '../session';
import {
  accountDeletionQuery,
  changePassword,
  deleteAccount,
  requestEmailChange,
  publicProfileQuery,
  requestPasswordReset,
  resetLinkQuery,
  resetPassword,
  settingsQuery,
  settingsQueryKey,
  signIn,
  signUp,
  type SignUpBody,
  updateTimezone,
  updateUsername,
  type SettingsResponse,
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

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change the password in Settings: the server signs every other session out and renews ours. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export function useSettings() {
  return useQuery(settingsQuery());
}

/** Keep the settings, the session user and any cached profile in step with a saved change. */
function useApplySettings() {
  const queryClient = useQueryClient();
  return (settings: SettingsResponse) => {
    queryClient.setQueryData<SettingsResponse>(settingsQueryKey, settings);
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
      session?.user
        ? { user: { ...session.user, username: settings.username, timezone: settings.timezone } }
        : session,
    );
    void queryClient.invalidateQueries({ queryKey: PROFILE_ROOT });
  };
}

export interface UsernameInput {
  username: string;
}

export interface TimezoneInput {
  timezone: string;
}

export function useUpdateUsername() {
  const apply = useApplySettings();
  // The form sends what was typed; the username is saved trimmed.
  return useMutation({
    mutationFn: ({ username }: UsernameInput) => updateUsername(username.trim()),
    onSuccess: apply,
  });
}

export function useUpdateTimezone() {
  const apply = useApplySettings();
  return useMutation({
    mutationFn: ({ timezone }: TimezoneInput) => updateTimezone(timezone),
    onSuccess: apply,
  });
}

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQuery(username));
}

export interface EmailChangeInput {
  newEmail: string;
  currentPassword: string;
}

/**
 * Change email in Settings: the link goes to the new address (trimmed). Nothing changes until it is
 * opened, so nothing cached is out of date.
 */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: EmailChangeInput) =>
      requestEmailChange({ ...input, newEmail: input.newEmail.trim() }),
  });
}

/** What keeps the account from being deleted now (running projects, settlements still to finish). */
export function useAccountDeletion() {
  return useQuery(accountDeletionQuery());
}

/** Delete the account; the caller leaves for the home page and forgets the user. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => deleteAccount(password) });
}
