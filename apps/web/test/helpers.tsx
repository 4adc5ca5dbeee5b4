import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { SessionUser } from '../src/features/session/api';
import { json, type Routes } from './network';

export const alice: SessionUser = {
  id: 'user-1',
  email: 'alice@example.com',
  username: 'alice',
  timezone: 'Europe/Berlin',
  createdAt: '2025-10-01T10:00:00.000Z',
  emailVerified: true,
};

export { json, mockApi, routes } from './network';

/** A session endpoint answering for the given user (null = signed out). */
export function sessionRoute(user: SessionUser | null) {
  return { 'GET /api/session': () => json({ user }) } satisfies Routes<'GET /api/session'>;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}

/** Shows the router's current location so tests can assert on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search + location.hash}</div>;
}

export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
