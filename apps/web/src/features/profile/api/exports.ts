import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exportKeys } from '@selah/domain/contract/query-keys';
import type { DataExport } from '@selah/domain/exports';
import { api } from '../../../lib/api';

/** While an export is being prepared, it is asked for again this often. */
const PENDING_POLL_MS = 3000;

/** GET /api/exports/latest, polled while the export is being prepared. */
export function useLatestExport() {
  return useQuery({
    queryKey: exportKeys.latest,
    queryFn: async () => (await api('GET /api/exports/latest')).export,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** POST /api/exports; the new export replaces the cached latest. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DataExport> => api('POST /api/exports'),
    onSuccess: (created) => queryClient.setQueryData(exportKeys.latest, created),
  });
}
