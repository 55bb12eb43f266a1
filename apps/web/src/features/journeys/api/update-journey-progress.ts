import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journeyProgressKeys } from '@selah/domain/contract/query-keys';
import {
  completeDay,
  deactivate,
  progressStats,
  reactivate,
  resetProgress,
  skipDay,
  type JourneyProgress,
  type Progress,
  type ProgressAction,
} from '@selah/domain/journey-rules';
import { applyJourneyPlayback, applyJourneyProgress, postJourneyProgress } from './journeys';

/**
 * What the server will answer for `action`, worked out with the domain's own transitions so the page moves
 * at once (a completed day unlocks the next before the answer arrives). updatedAt stays the cached one, so
 * the real answer always replaces the guess. null: no guess (start without progress, playback).
 */
function predict(progress: Progress, action: ProgressAction, now: Date): Progress | null {
  let next: JourneyProgress;
  switch (action.action) {
    case 'complete':
      next = completeDay(progress, action.day, now);
      break;
    case 'skip':
      next = skipDay(progress, action.day, now);
      break;
    case 'reset':
      next = resetProgress(progress, now);
      break;
    case 'deactivate':
      next = deactivate(progress, now);
      break;
    case 'reactivate':
      next = reactivate(progress, now);
      break;
    case 'start':
    case 'playback':
      return null;
  }
  if (next === progress) return null;
  return { ...progress, ...next, updatedAt: progress.updatedAt, stats: progressStats(next, progress.stats.totalDays, now) };
}

/**
 * POST /api/journey-progress/:journeyId, one action per call (start, complete, skip, reset, deactivate,
 * reactivate, playback). The journey's progress and the list move at once where the outcome is known; the
 * answer then replaces both (a playback answer only updates where the user is listening). A failure puts
 * the journey's progress back and refetches.
 */
export function useJourneyProgressAction(journeyId: string) {
  const queryClient = useQueryClient();
  const key = journeyProgressKeys.of(journeyId);
  return useMutation({
    mutationFn: (action: ProgressAction) => postJourneyProgress(journeyId, action),
    onMutate: async (action) => {
      const previous = queryClient.getQueryData<Progress | null>(key);
      const guess = previous ? predict(previous, action, new Date()) : null;
      if (guess) {
        await queryClient.cancelQueries({ queryKey: key, exact: true });
        queryClient.setQueryData<Progress | null>(key, guess);
        queryClient.setQueryData<Progress[]>(journeyProgressKeys.all, (list) =>
          list?.map((entry) => (entry.journeyId === journeyId ? guess : entry)),
        );
      }
      return { previous, guessed: guess !== null };
    },
    onSuccess: (progress, action) => {
      if (action.action === 'playback') applyJourneyPlayback(queryClient, progress);
      else applyJourneyProgress(queryClient, progress);
    },
    onError: (_error, action, context) => {
      if (context?.guessed) queryClient.setQueryData<Progress | null>(key, context.previous ?? null);
      if (action.action !== 'playback') void queryClient.invalidateQueries({ queryKey: journeyProgressKeys.all });
    },
  });
}
