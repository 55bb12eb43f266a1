import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import type { PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { ApiError, retryUnlessClientError } from '../../../lib/api';
import { getPersonalizedJourney } from './personalized';

/** GET /api/personalized-journeys/:id: the journey with its days (always fresh: it changes as days open). */
export const personalizedJourneyQueryOptions = (journeyId: string) =>
  queryOptions({
    queryKey: personalizedJourneyKeys.detail(journeyId),
    queryFn: () => getPersonalizedJourney(journeyId),
    retry: retryUnlessClientError,
    staleTime: 0,
  });

type Extra = Pick<
  UseQueryOptions<PersonalizedJourneyDetail, Error, PersonalizedJourneyDetail, ReturnType<typeof personalizedJourneyKeys.detail>>,
  'enabled' | 'refetchInterval'
>;

export function usePersonalizedJourney(journeyId: string, options: Extra = {}) {
  return useQuery({ ...personalizedJourneyQueryOptions(journeyId), ...options });
}

export function isMissingJourney(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isMalformedId(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}
