import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completePersonalizedDay, type PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { applyPersonalizedJourneyDetail } from './personalized';
import { serverClockNow, withServerTime } from '../server-clock';

export const completeDay = (journeyId: string, dayNumber: number): Promise<PersonalizedJourneyDetail> =>
  api('POST /api/personalized-journeys/:id/days/:dayNumber/complete', { params: { id: journeyId, dayNumber } }).then(withServerTime);

/**
 * POST /api/personalized-journeys/:id/days/:dayNumber/complete. The cached journey moves at once with the
 * domain's own rule (the plan shows the next day waiting before the answer arrives); updatedAt stays the
 * cached one, so the answer always replaces the guess. A failure puts the journey back and refetches it.
 */
export function useCompletePersonalizedDay(journeyId: string) {
  const queryClient = useQueryClient();
  const key = personalizedJourneyKeys.detail(journeyId);
  return useMutation({
    mutationFn: (dayNumber: number) => completeDay(journeyId, dayNumber),
    onMutate: async (dayNumber) => {
      const previous = queryClient.getQueryData<PersonalizedJourneyDetail>(key);
      if (!previous) return { previous };
      const result = completePersonalizedDay(previous, previous.days, dayNumber, serverClockNow());
      if (result.ok && result.changed) {
        await queryClient.cancelQueries({ queryKey: key, exact: true });
        const days = previous.days.map((day) => (day.dayNumber === dayNumber ? result.day : day));
        queryClient.setQueryData<PersonalizedJourneyDetail>(key, {
          ...result.journey,
          updatedAt: previous.updatedAt,
          days,
          firstDayStream: previous.firstDayStream,
          serverTime: previous.serverTime,
        });
      }
      return { previous };
    },
    onSuccess: (detail) => applyPersonalizedJourneyDetail(queryClient, detail),
    onError: (_error, _day, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
