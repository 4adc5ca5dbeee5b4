// Calls and hooks for the Settings sections on staying on track: reminder preferences (the owner's and
// each running project's override) and the private calendar feed.
import type {
  CalendarFeedResponse,
  ReminderOverrideDto,
  ReminderPrefsDto,
  RemindersResponse,
} from '@kept/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

export type { CalendarFeedResponse, ReminderOverrideDto, ReminderPrefsDto, RemindersResponse };

export const remindersQueryKey = ['account', 'reminders'] as const;
export const calendarFeedQueryKey = ['account', 'calendar-feed'] as const;

export function remindersQuery() {
  return queryOptions({
    queryKey: remindersQueryKey,
    queryFn: ({ signal }) => call(api.GET('/api/me/reminders', { signal })),
    staleTime: 0,
  });
}

export function calendarFeedQuery() {
  return queryOptions({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => call(api.GET('/api/me/calendar-feed', { signal })),
    staleTime: Infinity,
  });
}

export const useReminders = () => useQuery(remindersQuery());
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: ReminderPrefsDto) => call(api.PUT('/api/me/reminders', { body: prefs })),
    onSuccess: (data) => queryClient.setQueryData(remindersQueryKey, data),
  });
}

export function useSaveProjectReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, override }: { projectId: string; override: ReminderOverrideDto | null }) =>
      call(
        api.PUT('/api/projects/{projectId}/reminders', {
          params: { path: { projectId } },
          body: { override },
        }),
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData<RemindersResponse>(remindersQueryKey, (old) =>
        old
          ? { ...old, projects: old.projects.map((p) => (p.projectId === saved.projectId ? saved : p)) }
          : old,
      ),
  });
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/me/calendar-feed/rotate')),
    onSuccess: (data) => queryClient.setQueryData(calendarFeedQueryKey, data),
  });
}
