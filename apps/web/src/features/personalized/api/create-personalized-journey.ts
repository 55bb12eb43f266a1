import { useMutation, useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import type { CreatePersonalizedJourney, PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { api, ApiError } from '../../../lib/api';
import { applyPersonalizedJourneyDetail } from './personalized';
import { withServerTime } from '../server-clock';

/** The client makes the id, so the same call again (retry, a double tap) never creates a second journey. */
export type CreateJourneyBody = CreatePersonalizedJourney & { journeyId: string };

export const createPersonalizedJourney = (body: CreateJourneyBody): Promise<PersonalizedJourneyDetail> =>
  api('POST /api/create-personalized-journey', { body }).then(withServerTime);

const CREATE_KEY = ['create-personalized-journey'] as const;

/**
 * POST /api/create-personalized-journey (201 new, 200 when the id exists). The quiz fires it without
 * awaiting, right after it navigated to the loading page, so it outlives the quiz: the answer lands in the
 * caches from the mutation's own onSuccess, and the loading page follows the call with useCreateState.
 */
export function useCreatePersonalizedJourney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CREATE_KEY,
    mutationFn: createPersonalizedJourney,
    onSuccess: (detail) => applyPersonalizedJourneyDetail(queryClient, detail),
    // What the person may start next has changed (or was not what the quiz showed).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: personalizedJourneyKeys.allowance, exact: true }),
  });
}

export type CreateState = 'none' | 'pending' | 'success' | 'error';

/** Where the latest create call for `journeyId` in this session stands ('none' after a reload). */
export function useCreateState(journeyId: string): CreateState {
  const states = useMutationState({
    filters: {
      mutationKey: CREATE_KEY,
      predicate: (mutation: Mutation<unknown, Error, unknown>) =>
        (mutation.state.variables as CreateJourneyBody | undefined)?.journeyId === journeyId,
    },
    select: (mutation) => mutation.state.status,
  });
  const latest = states.at(-1);
  return latest === undefined || latest === 'idle' ? 'none' : latest;
}

/** The error code of the latest failed create call for `journeyId` (JOURNEY_IN_PROGRESS, JOURNEY_DAILY_LIMIT...). */
export function useCreateErrorCode(journeyId: string): string | undefined {
  const codes = useMutationState({
    filters: {
      mutationKey: CREATE_KEY,
      predicate: (mutation: Mutation<unknown, Error, unknown>) =>
        (mutation.state.variables as CreateJourneyBody | undefined)?.journeyId === journeyId,
    },
    select: (mutation) => (mutation.state.error instanceof ApiError ? mutation.state.error.code : undefined),
  });
  return codes.at(-1);
}
