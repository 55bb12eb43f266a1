import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { JourneySummary, Progress, ProgressAction } from '@selah/domain/journey-rules';
import { journeyKeys, journeyProgressKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';

/**
 * Fixed journeys read by the dashboard (its Spiritual Journeys cards, through this feature's index.ts) and the
 * plan and day pages: the two list queries both read, the one progress call and how its answer lands in the
 * caches.
 */

/** GET /api/journeys: the active journeys in order, in `language` (fallback en). */
export const getJourneys = async (language: string): Promise<JourneySummary[]> =>
  (await api('GET /api/journeys', { query: { lng: language } })).journeys;

export const journeysQueryOptions = (language: string) =>
  queryOptions({ queryKey: journeyKeys.list(language), queryFn: () => getJourneys(language) });

/** GET /api/journey-progress: the signed-in user's progress in every journey. */
export const getAllJourneyProgress = async (): Promise<Progress[]> => (await api('GET /api/journey-progress')).progress;

/** Signed in only: callers pass `enabled: user !== null`. */
export const allJourneyProgressQueryOptions = () =>
  queryOptions({ queryKey: journeyProgressKeys.all, queryFn: getAllJourneyProgress, staleTime: 30 * 1000 });

/** POST /api/journey-progress/:journeyId: one transition; answers the progress after it. */
export const postJourneyProgress = async (journeyId: string, action: ProgressAction): Promise<Progress> =>
  (await api('POST /api/journey-progress/:journeyId', { params: { journeyId }, body: action })).progress;

/** True when `next` is not older than `current` (answers can arrive out of order: playback vs complete). */
function isNewer(next: Progress, current: Progress | null | undefined): boolean {
  if (!current) return true;
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt);
}

/**
 * Puts a progress the server answered into the journey's own entry and the list. An answer older than the
 * cached progress (a slow playback answer after a completion) is ignored.
 */
export function applyJourneyProgress(queryClient: QueryClient, progress: Progress): void {
  const key = journeyProgressKeys.of(progress.journeyId);
  const current = queryClient.getQueryData<Progress | null>(key);
  if (!isNewer(progress, current)) return;
  queryClient.setQueryData<Progress | null>(key, progress);
  queryClient.setQueryData<Progress[]>(journeyProgressKeys.all, (list) => {
    if (!list) return list;
    const index = list.findIndex((entry) => entry.journeyId === progress.journeyId);
    if (index === -1) return [...list, progress];
    return list.map((entry, i) => (i === index ? progress : entry));
  });
}

/**
 * Puts a playback answer into the caches: only where the user is listening (lastPlayedDay, lastPlayedAt,
 * audioProgress), so a playback answer can never undo a completion that raced it. Without cached progress
 * (the first playback of day 1 starts the journey) the whole answer is taken.
 */
export function applyJourneyPlayback(queryClient: QueryClient, progress: Progress): void {
  const key = journeyProgressKeys.of(progress.journeyId);
  const current = queryClient.getQueryData<Progress | null>(key);
  if (!current) {
    applyJourneyProgress(queryClient, progress);
    return;
  }
  if (!isNewer(progress, current)) return;
  const { lastPlayedDay, lastPlayedAt, audioProgress } = progress;
  const merge = (entry: Progress): Progress => ({ ...entry, lastPlayedDay, lastPlayedAt, audioProgress });
  queryClient.setQueryData<Progress | null>(key, merge(current));
  queryClient.setQueryData<Progress[]>(journeyProgressKeys.all, (list) =>
    list?.map((entry) => (entry.journeyId === progress.journeyId ? merge(entry) : entry)),
  );
}
