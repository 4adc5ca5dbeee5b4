// Calls and hooks for Settings' "Your data" section: the latest export (polled while it builds) and
// asking for a new one.
import type { DataExport, DataExportResponse } from '@kept/contract';
import { isDataExportBusy } from '@kept/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

export type { DataExport, DataExportResponse };

export const dataExportQueryKey = ['account', 'data-export'] as const;

/** How often Settings asks for the progress while an export is queued or building. */
export const DATA_EXPORT_POLL_MS = 1_000;

export function dataExportQuery() {
  return queryOptions({
    queryKey: dataExportQueryKey,
    queryFn: ({ signal }) => call(api.GET('/api/me/data-export', { signal })),
    staleTime: 0,
    refetchInterval: (query) => {
      const latest = query.state.data?.export;
      return latest && isDataExportBusy(latest.state) ? DATA_EXPORT_POLL_MS : false;
    },
  });
}

export const useDataExport = () => useQuery(dataExportQuery());

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/me/data-export')),
    onSuccess: (data) => queryClient.setQueryData(dataExportQueryKey, data),
  });
}
