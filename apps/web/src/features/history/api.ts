// History queries: a project's, a person's (public profile) and the signed-in user's own.
import type { History } from '@kept/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../lib/api';
import { MY_PROJECTS_ROOT, PROFILE_ROOT, PROJECT_ROOT } from '../../lib/query-keys';

export type { History };

export const projectHistoryQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...PROJECT_ROOT, projectId, 'history'],
    queryFn: ({ signal }) =>
      call(api.GET('/api/projects/{projectId}/history', { params: { path: { projectId } }, signal })),
  });

export const profileHistoryQuery = (username: string) =>
  queryOptions({
    queryKey: [...PROFILE_ROOT, username.toLowerCase(), 'history'],
    queryFn: ({ signal }) =>
      call(api.GET('/api/users/{username}/history', { params: { path: { username } }, signal })),
  });

export const myHistoryQuery = () =>
  queryOptions({
    queryKey: [...MY_PROJECTS_ROOT, 'history'],
    queryFn: ({ signal }) => call(api.GET('/api/me/history', { signal })),
  });
