import type { CategoryResponse, HomeResponse, ProjectListResponse } from '@kept/contract';
import { FILTER_PAGE_SIZE, type ProjectFilters } from '@kept/domain';
import { apiRequest } from '../../lib/api';
import { FAVORITE_DEPENDENT_QUERY_ROOT } from '../favorites/use-favorites';
import { filtersToEntries } from './filters';

export type { CategoryResponse, HomeResponse, ProjectListResponse };

/** Every browse query lives under this root, so a favorite change refreshes them all. */
const ROOT = FAVORITE_DEPENDENT_QUERY_ROOT;

/** Cache keys. The viewer is part of them: favorites, stars and 'Your Project' differ per person. */
export const browseKeys = {
  home: (viewerId: string | null) => [ROOT, 'home', viewerId] as const,
  projects: (viewerId: string | null, query: string) => [ROOT, 'projects', viewerId, query] as const,
  category: (viewerId: string | null, slug: string) => [ROOT, 'category', viewerId, slug] as const,
};

/** The browser's own timezone (for date bounds of anonymous visitors; signed-in users' own zone wins). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

function hasDateBounds(filters: ProjectFilters): boolean {
  return (
    filters.createdDateFrom !== null ||
    filters.createdDateTo !== null ||
    filters.endDateFrom !== null ||
    filters.endDateTo !== null
  );
}

/** GET /api/home: the home page's sections (no filters). */
export function fetchHome(signal?: AbortSignal): Promise<HomeResponse> {
  return apiRequest<HomeResponse>('/api/home', signal ? { signal } : {});
}

/** The query string of GET /api/projects for a filter set and a page. */
export function projectsSearchQuery(
  filters: ProjectFilters,
  page: { offset: number; limit?: number },
  timeZone: string | null = browserTimeZone(),
): string {
  const params = new URLSearchParams(filtersToEntries(filters));
  if (hasDateBounds(filters) && timeZone) params.set('timeZone', timeZone);
  params.set('limit', String(page.limit ?? FILTER_PAGE_SIZE));
  params.set('offset', String(page.offset));
  return params.toString();
}

/** GET /api/projects?<filters>&limit&offset: one page of the filtered list, with its counts. */
export function fetchProjects(
  filters: ProjectFilters,
  page: { offset: number; limit?: number },
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  return apiRequest<ProjectListResponse>(
    `/api/projects?${projectsSearchQuery(filters, page)}`,
    signal ? { signal } : {},
  );
}

/** GET /api/categories/:slug?limit&offset: one page of a category. */
export function fetchCategory(
  slug: string,
  page: { offset: number; limit?: number },
  signal?: AbortSignal,
): Promise<CategoryResponse> {
  const query = new URLSearchParams({
    limit: String(page.limit ?? FILTER_PAGE_SIZE),
    offset: String(page.offset),
  });
  return apiRequest<CategoryResponse>(
    `/api/categories/${encodeURIComponent(slug)}?${query.toString()}`,
    signal ? { signal } : {},
  );
}
