import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GenerationStats } from '@selah/domain/records';
import { apiFetch } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { retryUnlessClientError } from './retry';

export const generationStatsQueryKey = ['generation-stats'] as const;

export const getGenerationStats = (): Promise<GenerationStats> => apiFetch<GenerationStats>('/api/user/generation-stats');

export const generationStatsQueryOptions = () =>
  queryOptions({ queryKey: generationStatsQueryKey, queryFn: getGenerationStats, retry: retryUnlessClientError });

/** This month's usage, the plan's limit and the totals (statistics, paywall); idle while signed out. */
export function useGenerationStats() {
  const { user } = useAuth();
  return useQuery({ ...generationStatsQueryOptions(), enabled: user !== null });
}
