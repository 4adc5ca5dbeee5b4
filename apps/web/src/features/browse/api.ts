import type { CategoryResponse, HomeResponse, ProjectListResponse } from '@kept/contract';
import { DEFAULT_FILTERS, FILTER_PAGE_SIZE, type ProjectFilters } from '@kept/domain';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call } from '../../lib/api';
import { BROWSE_ROOT } from '../../lib/query-keys';
import { filtersQueryString, filtersToEntries } from './filters';

export type { CategoryResponse, HomeResponse, ProjectListResponse };

/** Every browse query lives under this root, so a favorite change refreshes them all. */
const [ROOT] = BROWSE_ROOT;

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

/** A browse query: filters (the defaults where left out), a page, the zone its date bounds are days of. */
interface BrowseQuery extends Partial<ProjectFilters> {
  limit?: number | null;
  offset?: number | null;
  timeZone?: string;
}

/**
 * The query string of a browse call, in the API's own format (the URL format of browse/filters.ts):
 * only the filters that differ from the defaults, then timeZone, limit and offset.
 */
function browseQuery({
  limit,
  offset,
  timeZone,
  ...filters
}: BrowseQuery): Record<string, string | string[]> {
  const params = new URLSearchParams(filtersToEntries({ ...DEFAULT_FILTERS, ...filters }));
  if (timeZone) params.set('timeZone', timeZone);
  if (limit != null) params.set('limit', String(limit));
  if (offset != null) params.set('offset', String(offset));
  // Repeated keys (several tags) stay a list: the client writes them back as repeated keys.
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** GET /api/home: the home page's sections (no filters). */
export function fetchHome(signal?: AbortSignal): Promise<HomeResponse> {
  return call(
    api.GET('/api/home', {
      params: { query: browseQuery({}) },
      signal,
    }),
  );
}

/** The query of GET /api/projects for a filter set and a page. */
function projectsQuery(
  filters: ProjectFilters,
  page: { offset: number; limit?: number },
  timeZone: string | null = browserTimeZone(),
): ProjectFilters & BrowseQuery {
  return {
    ...filters,
    ...(hasDateBounds(filters) && timeZone ? { timeZone } : {}),
    limit: page.limit ?? FILTER_PAGE_SIZE,
    offset: page.offset,
  };
}

/** GET /api/projects?<filters>&limit&offset: one page of the filtered list, with its counts. */
export function fetchProjects(
  filters: ProjectFilters,
  page: { offset: number; limit?: number },
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  return call(
    api.GET('/api/projects', {
      params: { query: browseQuery(projectsQuery(filters, page)) },
      signal,
    }),
  );
}

/** GET /api/categories/:slug?limit&offset: one page of a category. */
export function fetchCategory(
  slug: string,
  page: { offset: number; limit?: number },
  signal?: AbortSignal,
): Promise<CategoryResponse> {
  return call(
    api.GET('/api/categories/{slug}', {
      params: {
        path: { slug },
        query: browseQuery({ limit: page.limit ?? FILTER_PAGE_SIZE, offset: page.offset }),
      },
      signal,
    }),
  );
}

/** The next page's offset, or undefined when every match is loaded. */
function nextOffset(page: { offset: number; projects: unknown[]; total: number }): number | undefined {
  const loaded = page.offset + page.projects.length;
  return page.projects.length > 0 && loaded < page.total ? loaded : undefined;
}

/** The home page's sections, per viewer. */
export function homeQuery(viewerId: string | null) {
  return queryOptions({
    queryKey: browseKeys.home(viewerId),
    queryFn: ({ signal }) => fetchHome(signal),
  });
}

/**
 * The filtered list, 50 at a time ('Show More' fetches the next 50). A new filter set starts again from
 * the first page; the previous results stay on screen until the new ones arrive.
 */
export function filteredProjectsQuery(viewerId: string | null, filters: ProjectFilters) {
  return infiniteQueryOptions({
    queryKey: browseKeys.projects(viewerId, filtersQueryString(filters)),
    queryFn: ({ pageParam, signal }) => fetchProjects(filters, { offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: keepPreviousData,
  });
}

/** A category's projects, 50 at a time. */
export function categoryProjectsQuery(viewerId: string | null, slug: string) {
  return infiniteQueryOptions({
    queryKey: browseKeys.category(viewerId, slug),
    queryFn: async ({ pageParam, signal }) => {
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
  });
}
