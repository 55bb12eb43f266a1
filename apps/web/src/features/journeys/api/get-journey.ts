import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JourneyDetail } from '@selah/domain/journey-rules';
import { journeyKeys } from '@selah/domain/contract/query-keys';
import { api, ApiError, retryUnlessClientError } from '../../../lib/api';

/** GET /api/journeys/:journeyId: the journey with its days, in `language` (fallback en). */
export const getJourney = (journeyId: string, language: string): Promise<JourneyDetail> =>
  api('GET /api/journeys/:journeyId', { params: { journeyId }, query: { lng: language } });

export const journeyQueryOptions = (journeyId: string, language: string) =>
  queryOptions({
    queryKey: journeyKeys.detail(journeyId, language),
    queryFn: () => getJourney(journeyId, language),
    retry: retryUnlessClientError,
  });

export function useJourney(journeyId: string, language: string) {
  return useQuery(journeyQueryOptions(journeyId, language));
}

/** True for the answers that mean the journey does not exist (404) or its id is malformed (400). */
export function isMissingJourney(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
