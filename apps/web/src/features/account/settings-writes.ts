// Settings' writes and reads below the first one, as TanStack Query hooks: a module apart from
// use-account.ts so that only the Settings sections' chunk carries them, not every account screen. A
// change to the username or timezone updates the settings, the session user and any cached profile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_ROOT } from '../../lib/query-keys';
import { sessionQueryKey, type SessionResponse } from '../session';
import {
  accountDeletionQuery,
  changePassword,
  deleteAccount,
  requestEmailChange,
  settingsQueryKey,
  updateTimezone,
  updateUsername,
  type SettingsResponse,
} from './api';

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
