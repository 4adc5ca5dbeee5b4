import { QueryClient } from '@tanstack/react-query';
import { NetworkError, isRequestError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Our API is same-origin: when it cannot be reached we want the error now, not a paused query.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused request (its error code says so) will not change on retry, nor will one made while
        // the browser is offline (the screen shows it at once); network blips and server failures might.
        retry: (failureCount, error) =>
          failureCount < 2 && !isRequestError(error) && !(error instanceof NetworkError && error.offline),
      },
      mutations: { networkMode: 'always' },
    },
  });
}
