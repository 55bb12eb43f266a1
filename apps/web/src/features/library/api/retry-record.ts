import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrayerRecord } from '@selah/domain/records';
import { apiFetch } from '../../../lib/api';
import { applyRecordChange, RECORDS_QUERY_KEY } from '../../../lib/record-events';

export const retryRecord = (id: string): Promise<{ record: PrayerRecord }> =>
  apiFetch<{ record: PrayerRecord }>(`/api/records/${encodeURIComponent(id)}/retry`, { method: 'POST' });

/**
 * POST /api/records/:id/retry: a failed record goes back to pending. The answer updates the library and
 * the feed in place; a refusal (already retried elsewhere, or gone) refetches the library.
 */
export function useRetryRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRecord,
    onSuccess: ({ record }) => applyRecordChange(queryClient, record),
    onError: () => queryClient.invalidateQueries({ queryKey: RECORDS_QUERY_KEY }),
  });
}
