// One project's page data: GET /api/projects/:id.
import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInDto, ProjectDetail, ProjectDetailResponse } from '@kept/contract';
import { api, call } from '../../lib/api';
import { PROJECT_LIST_ROOTS, PROJECT_ROOT } from '../../lib/query-keys';

export type { CheckInDto, ProjectDetail, ProjectDetailResponse };

export const projectDetailQueryKey = (projectId: string) => [...PROJECT_ROOT, projectId] as const;

export function fetchProjectDetail(projectId: string, signal?: AbortSignal): Promise<ProjectDetailResponse> {
  return call(api.GET('/api/projects/{projectId}', { params: { path: { projectId } }, signal }));
}

/** One project's page data, as a query. */
export function projectDetailQuery(projectId: string) {
  return queryOptions({
    queryKey: projectDetailQueryKey(projectId),
    queryFn: ({ signal }) => fetchProjectDetail(projectId, signal),
    staleTime: 10_000,
  });
}

/** Delays between the reads after a donation, until the total has changed (spec: 1, 2 and 3 s). */
export const DONATION_REFRESH_DELAYS_MS = [1000, 2000, 3000] as const;

/** Waiting for a donation to show in the total: the total before it, and how many reads had landed then. */
interface TotalWatch {
  fromCents: number;
  fromReads: number;
}

/**
 * The project's page data, and `watchTotal`: after a donation, read the project now and then again 1, 2
 * and 3 s after each read (the query's refetchInterval), until the total differs from `fromCents`.
 */
export function useProjectDetail(projectId: string) {
  const queryClient = useQueryClient();
  const [watch, setWatch] = useState<TotalWatch | null>(null);
  const query = useQuery({
    ...projectDetailQuery(projectId),
    refetchInterval: (current) => {
      if (!watch) return false;
      const total = current.state.data?.project.refundableCents;
      if (total !== undefined && total !== watch.fromCents) return false;
      return DONATION_REFRESH_DELAYS_MS[current.state.dataUpdateCount - watch.fromReads - 1] ?? false;
    },
    refetchIntervalInBackground: true,
  });
  const watchTotal = (fromCents: number) => {
    const fromReads = queryClient.getQueryState(projectDetailQueryKey(projectId))?.dataUpdateCount ?? 0;
    setWatch({ fromCents, fromReads });
    void query.refetch();
  };
  return { query, watchTotal };
}

/**
 * After something changed a project (a check-in, an edit, a payment): refetch its page and every list
 * that shows projects. Nothing else (the session, other projects, payment settings) is touched.
 */
export function useRefreshProject() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    Promise.all(
      [projectDetailQueryKey(projectId), ...PROJECT_LIST_ROOTS].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
