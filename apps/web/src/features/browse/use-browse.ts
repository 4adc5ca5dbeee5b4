import { useCallback, useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProjectFilters } from '@kept/domain';
import { useSession } from '../session';
import { browseKeys, fetchCategory, fetchHome, fetchProjects } from './api';
import type { CategoryResponse, ProjectListResponse } from './api';
import { filtersFromSearchParams, filtersQueryString, withFilters } from './filters';

/** The filter set in the page's URL, and a way to change it (the history entry is replaced). */
export function useUrlFilters(): { filters: ProjectFilters; setFilters: (next: ProjectFilters) => void } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (next: ProjectFilters) => {
      setParams((current) => withFilters(current, next), { replace: true });
    },
    [setParams],
  );
  return { filters, setFilters };
}

/** GET /api/home: the sections of the home page. */
export function useHomeSections(options: { enabled: boolean }) {
  const { user } = useSession();
  return useQuery({
    queryKey: browseKeys.home(user?.id ?? null),
    queryFn: ({ signal }) => fetchHome(signal),
    enabled: options.enabled,
  });
}

function nextOffset(page: { offset: number; limit: number; total: number; projects: unknown[] }) {
  const loaded = page.offset + page.projects.length;
  return page.projects.length > 0 && loaded < page.total ? loaded : undefined;
}

/**
 * The filtered list, 50 at a time ('Show More' fetches the next 50). A new filter set starts again from
 * the first page; the previous results stay on screen until the new ones arrive.
 */
export function useFilteredProjects(filters: ProjectFilters, options: { enabled: boolean }) {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: browseKeys.projects(user?.id ?? null, filtersQueryString(filters)),
    queryFn: ({ pageParam, signal }): Promise<ProjectListResponse> =>
      fetchProjects(filters, { offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** GET /api/categories/:slug, 50 at a time. */
export function useCategoryProjects(slug: string, options: { enabled: boolean }) {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: browseKeys.category(user?.id ?? null, slug),
    queryFn: async ({ pageParam, signal }): Promise<CategoryResponse> => {
      try {
        return await fetchCategory(slug, { offset: pageParam }, signal);
      } catch (error) {
        // Spec §8: category fetch failures are only logged; the page then shows the empty state.
        if (!signal.aborted) console.error('Failed to load category', error);
        throw error;
      }
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: options.enabled,
  });
}
