import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProjectFilters } from '@kept/domain';
import { useSession } from '../session';
import { categoryProjectsQuery, filteredProjectsQuery, homeQuery } from './api';
import { filtersFromSearchParams, withFilters } from './filters';

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
  return useQuery({ ...homeQuery(user?.id ?? null), enabled: options.enabled });
}

/** GET /api/projects: the filtered list, page by page. */
export function useFilteredProjects(filters: ProjectFilters, options: { enabled: boolean }) {
  const { user } = useSession();
  return useInfiniteQuery({ ...filteredProjectsQuery(user?.id ?? null, filters), enabled: options.enabled });
}

/** GET /api/categories/:slug, 50 at a time. */
export function useCategoryProjects(slug: string, options: { enabled: boolean }) {
  const { user } = useSession();
  return useInfiniteQuery({ ...categoryProjectsQuery(user?.id ?? null, slug), enabled: options.enabled });
}
