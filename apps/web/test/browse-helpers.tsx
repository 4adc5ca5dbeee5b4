import type { CategoryResponse, HomeResponse, ProjectCard, ProjectListResponse } from '@kept/contract';
import { json, mockApi, type RouteKey, type Routes } from './network';
import type { SessionUser } from '../src/features/session/api';

let counter = 0;

/** A project card as the server sends it. */
export function card(overrides: Partial<ProjectCard> = {}): ProjectCard {
  counter += 1;
  return {
    id: `project-${counter}`,
    title: `Project ${counter}`,
    tag: 'Fitness',
    imageUrl: '/images/categories/fitness.svg',
    refundableCents: 5_000,
    status: 'active',
    daysLeftBadge: null,
    ...overrides,
  };
}

export function cards(count: number, overrides: Partial<ProjectCard> = {}): ProjectCard[] {
  return Array.from({ length: count }, () => card(overrides));
}

export function homeResponse(overrides: Partial<HomeResponse> = {}): HomeResponse {
  return {
    favorites: [],
    topFunded: [],
    finishingSoon: [],
    featured: [],
    byTag: [],
    ...overrides,
  };
}

export function listResponse(
  projects: ProjectCard[],
  overrides: Partial<ProjectListResponse> = {},
): ProjectListResponse {
  return {
    projects,
    total: projects.length,
    totalCapped: false,
    visibleTotal: 100,
    limit: 50,
    offset: 0,
    ...overrides,
  };
}

export function categoryResponse(
  slug: string,
  projects: ProjectCard[],
  overrides: Partial<CategoryResponse> = {},
): CategoryResponse {
  return { slug, heading: slug, projects, total: projects.length, limit: 50, offset: 0, ...overrides };
}

/**
 * Answers the browse screens' requests from `routes` (test/network.ts), the session as `user`'s. Handlers get
 * the whole URL (query included). Returns the spy of the table's requests and the list of their
 * "METHOD /path?query".
 */
export function mockBrowseApi<K extends RouteKey>(routes: Routes<K>, user: SessionUser | null = null) {
  const calls: string[] = [];
  mockApi({ 'GET /api/session': () => json({ user }) });
  const fetchMock = mockApi(routes);
  fetchMock.mockImplementation((url, init) => void calls.push(`${init.method} ${url}`));
  return { fetchMock, calls };
}

/** A promise that the test resolves when it wants (to hold a request open). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
