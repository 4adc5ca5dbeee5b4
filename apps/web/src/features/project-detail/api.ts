// One project's page data: GET /api/projects/:id.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInDto, ProjectDetail, ProjectDetailResponse } from '@kept/contract';
import { api, call } from '../../lib/api';

export type { CheckInDto, ProjectDetail, ProjectDetailResponse };

export const projectDetailQueryKey = (projectId: string) => ['project', projectId] as const;

export function fetchProjectDetail(projectId: string, signal?: AbortSignal): Promise<ProjectDetailResponse> {
  return call(api.GET('/api/projects/{projectId}', { params: { path: { projectId } }, signal }));
}

export function useProjectDetail(projectId: string) {
  return useQuery({
    queryKey: projectDetailQueryKey(projectId),
    queryFn: ({ signal }) => fetchProjectDetail(projectId, signal),
    staleTime: 10_000,
  });
}

/**
 * After something changed a project (a check-in, an edit, a payment): refetch its page and every list
 * that shows it. The session stays.
 */
export function useRefreshProject() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'session' &&
        !(query.queryKey[0] === 'project' && query.queryKey[1] !== projectId) &&
        query.queryKey[0] !== 'payments',
    });
}
