// The transparency page's data: GET /api/transparency.
import type { TransparencyResponse } from '@kept/contract';
import { apiRequest } from '../../lib/api';

export const transparencyQueryKey = ['transparency'] as const;

export function fetchTransparency(signal?: AbortSignal): Promise<TransparencyResponse> {
  return apiRequest<TransparencyResponse>('/api/transparency', signal ? { signal } : {});
}
