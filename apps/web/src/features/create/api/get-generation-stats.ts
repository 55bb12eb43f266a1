import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GenerationStats } from '@selah/domain/records';
import { generationStatsKeys } from '@selah/domain/contract/query-keys';
import { api, retryUnlessClientError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const getGenerationStats = (): Promise<GenerationStats> => api('GET /api/user/generation-stats');

export const generationStatsQueryOptions = () =>
  queryOptions({ queryKey: generationStatsKeys.all, queryFn: getGenerationStats, retry: retryUnlessClientError });

/** This month's usage, the plan's limit and the totals (statistics, paywall); idle while signed out. */
export function useGenerationStats() {
  const { user } = useAuth();
  return useQuery({ ...generationStatsQueryOptions(), enabled: user !== null });
}
