import type { CategoryResponse, HomeResponse, ProjectCard, ProjectListResponse } from '@kept/contract';
import { vi } from 'vitest';
import { json } from './helpers';
import type { SessionUser } from '../src/features/session/api';

let counter = 0;

/** A project card as the server sends it. */
export function card(overrides: Partial<ProjectCard> = {}): ProjectCard {
  counter += 1;
  return {
    id: `project-${counter}`,
    title: `Project ${counter}`,
    tag: 'Fitness',
    description: 'A goal worth keeping.',
    imageUrl: '/images/categories/fitness.svg',
    depositCents: 5_000,
    refundableCents: 5_000,
    userId: 'someone-else',
    username: 'someone',
    createdAt: '2026-03-01T10:00:00.000Z',
    endDate: '2026-03-30T23:59:59.999Z',
    timezone: 'UTC',
    totalLengthDays: 30,
    checkInFrequencyDays: 7,
    status: 'active',
    finishingSoon: false,
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

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of "METHOD /path" → handler; handlers get the whole URL (query included).
 * Unknown calls fail loudly. Returns the mock and the list of "METHOD /path?query" calls made.
 */
export function mockBrowseApi(routes: Record<string, Handler>, user: SessionUser | null = null) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === '/api/session') return json({ user });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url.pathname}${url.search}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
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
