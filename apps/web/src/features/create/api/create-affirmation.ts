import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAffirmation, PrayerRecord } from '@selah/domain/records';
import { apiFetch } from '../../../lib/api';
import { generationStatsQueryKey } from './get-generation-stats';

export const createAffirmation = (body: CreateAffirmation): Promise<{ record: PrayerRecord }> =>
  apiFetch<{ record: PrayerRecord }>('/api/create-affirmation', { method: 'POST', body });

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
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
      void queryClient.invalidateQueries({ queryKey: generationStatsQueryKey });
    },
  });
}
