import { QueryClient } from '@tanstack/react-query';
import { isRequestError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Our API is same-origin: when it cannot be reached we want the error now, not a paused query.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused request (its error code says so) will not change on retry; network blips and
        // server failures might.
        retry: (failureCount, error) => failureCount < 2 && !isRequestError(error),
      },
      mutations: { networkMode: 'always' },
    },
  });
}
