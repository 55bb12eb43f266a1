import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrayerRecord } from '@selah/domain/records';
import { recordKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { applyRecordChange } from './record-events';

export const retryRecord = (id: string): Promise<{ record: PrayerRecord }> => api('POST /api/records/:id/retry', { params: { id } });

/**
 * POST /api/records/:id/retry: a failed record goes back to pending. The answer updates the library and
 * the feed in place; a refusal (already retried elsewhere, or gone) refetches the library.
 */
export function useRetryRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRecord,
    onSuccess: ({ record }) => applyRecordChange(queryClient, record),
    onError: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}
