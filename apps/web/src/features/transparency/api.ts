// The transparency page's data: GET /api/transparency.
import { queryOptions } from '@tanstack/react-query';
import type { TransparencyResponse } from '@kept/contract';
import { api, call } from '../../lib/api';

export const transparencyQuery = () =>
  queryOptions({
    queryKey: ['transparency'] as const,
    queryFn: ({ signal }): Promise<TransparencyResponse> => call(api.GET('/api/transparency', { signal })),
  });
