import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAffirmation, PrayerRecord } from '@selah/domain/records';
import { feedKeys, generationStatsKeys, recordKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';

export const createAffirmation = (body: CreateAffirmation): Promise<{ record: PrayerRecord }> =>
  api('POST /api/create-affirmation', { body });

/**
 * POST /api/create-affirmation: the record starts pending and the worker takes it from there. The library,
 * the dashboard feed and this month's usage all change, so their caches are refreshed.
 */
export function useCreateAffirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAffirmation,
    // Not awaited: marking them stale is immediate, and the next screen refetches what it shows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordKeys.all });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      void queryClient.invalidateQueries({ queryKey: generationStatsKeys.all });
    },
  });
}
