import { queryOptions, useQuery } from '@tanstack/react-query';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import { api, retryUnlessClientError } from '../../../lib/api';

/**
 * GET /api/personalized-journeys/allowance: one journey is made at a time, and a generous number a day. The quiz
 * tells it before the person writes (issue 34). Fresh each time the quiz opens, and after every create call.
 */
export const journeyAllowanceQueryOptions = () =>
  queryOptions({
    queryKey: personalizedJourneyKeys.allowance,
    queryFn: () => api('GET /api/personalized-journeys/allowance'),
    retry: retryUnlessClientError,
    staleTime: 0,
  });

export const useJourneyAllowance = () => useQuery(journeyAllowanceQueryOptions());
