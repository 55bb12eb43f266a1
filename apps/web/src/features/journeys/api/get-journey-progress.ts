import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Progress } from '@selah/domain/journey-rules';
import { journeyProgressKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

/** GET /api/journey-progress/:journeyId: the user's progress in one journey, or null before it started. */
export const getJourneyProgress = async (journeyId: string): Promise<Progress | null> =>
  (await api('GET /api/journey-progress/:journeyId', { params: { journeyId } })).progress;

export const journeyProgressQueryOptions = (journeyId: string) =>
  queryOptions({
    queryKey: journeyProgressKeys.of(journeyId),
    queryFn: () => getJourneyProgress(journeyId),
    staleTime: 30 * 1000,
  });

/** The signed-in user's progress in the journey; idle (no data) while signed out. */
export function useJourneyProgress(journeyId: string) {
  const { user } = useAuth();
  return useQuery({ ...journeyProgressQueryOptions(journeyId), enabled: user !== null });
}
