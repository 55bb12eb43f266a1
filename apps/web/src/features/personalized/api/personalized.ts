import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PersonalizedJourney, PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { toPersonalizedJourneySummary } from '@selah/domain/personalized-views';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { isNotOlder, timeOf } from '../../../lib/live-data';
import { withServerTime } from '../server-clock';

/**
 * Personalized journeys shared by the dashboard (its Personalized Journeys cards), the personalized feature
 * (quiz, loading, plan and day pages) and the live events: the cache keys, the list query, the retry call
 * and how a changed journey lands in the caches. No zod from the domain: app/live-events.tsx loads
 * this file with the app shell (the rules modules are zod-free).
 */

export const getPersonalizedJourneys = async (): Promise<PersonalizedJourney[]> => (await api('GET /api/personalized-journeys')).journeys;

/** Signed in only: callers pass `enabled: user !== null`. */
export const personalizedJourneysQueryOptions = () =>
  queryOptions({ queryKey: personalizedJourneyKeys.all, queryFn: getPersonalizedJourneys, staleTime: 30 * 1000 });

/** Answers with the days carry serverTime: the countdowns run on the server's clock (server-clock.ts). */
export const getPersonalizedJourney = (journeyId: string): Promise<PersonalizedJourneyDetail> =>
  api('GET /api/personalized-journeys/:id', { params: { id: journeyId } }).then(withServerTime);

/** POST /api/personalized-journeys/:id/retry: a failed journey goes back to generating (error cleared). */
export const retryPersonalizedJourney = (journeyId: string): Promise<PersonalizedJourneyDetail> =>
  api('POST /api/personalized-journeys/:id/retry', { params: { id: journeyId } }).then(withServerTime);

/**
 * The list with `journey` put in place: replaced where it is (unless the cached copy is newer), otherwise
 * inserted by createdAt, newest first.
 */
export function upsertPersonalizedJourney(
  list: PersonalizedJourney[] | undefined,
  journey: PersonalizedJourney,
): PersonalizedJourney[] | undefined {
  if (!list) return list;
  const index = list.findIndex((entry) => entry.id === journey.id);
  if (index !== -1) {
    if (!isNotOlder(journey, list[index]!)) return list;
    return list.map((entry, i) => (i === index ? journey : entry));
  }
  const at = timeOf(journey.createdAt);
  const position = list.findIndex((entry) => timeOf(entry.createdAt) < at);
  return position === -1 ? [...list, journey] : [...list.slice(0, position), journey, ...list.slice(position)];
}

/**
 * A journey changed (a live event: generating -> active or failed, a completed day). The list takes it at
 * once; a cached detail takes its fields and is refetched for its days (events carry no days).
 * Returns false when the change is older than what the caches hold.
 */
export function applyPersonalizedJourneyChange(queryClient: QueryClient, journey: PersonalizedJourney): boolean {
  queryClient.setQueryData<PersonalizedJourney[]>(personalizedJourneyKeys.all, (list) => upsertPersonalizedJourney(list, journey));
  const key = personalizedJourneyKeys.detail(journey.id);
  const cached = queryClient.getQueryData<PersonalizedJourneyDetail>(key);
  if (cached && !isNotOlder(journey, cached)) return false;
  if (cached) queryClient.setQueryData<PersonalizedJourneyDetail>(key, { ...cached, ...journey, days: cached.days });
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
  return true;
}

/** An API answer with the days: the detail is replaced (unless a newer copy is cached) and the list follows. */
export function applyPersonalizedJourneyDetail(queryClient: QueryClient, detail: PersonalizedJourneyDetail): void {
  const key = personalizedJourneyKeys.detail(detail.id);
  const cached = queryClient.getQueryData<PersonalizedJourneyDetail>(key);
  if (!cached || isNotOlder(detail, cached)) queryClient.setQueryData<PersonalizedJourneyDetail>(key, detail);
  queryClient.setQueryData<PersonalizedJourney[]>(personalizedJourneyKeys.all, (list) =>
    upsertPersonalizedJourney(list, toPersonalizedJourneySummary(detail)),
  );
}

/** Retry (Try Again / Try again): the answer lands in the caches, so the loading page sees generating. */
export function useRetryPersonalizedJourney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPersonalizedJourney,
    onSuccess: (detail) => applyPersonalizedJourneyDetail(queryClient, detail),
  });
}

// ---- addresses of the personalized pages ----

export const personalizedQuizPath = (journeyType: string) => `/personalized-journey/${encodeURIComponent(journeyType)}`;
export const personalizedLoadingPath = (journeyType: string) => `${personalizedQuizPath(journeyType)}/loading`;
export const personalizedPlanPath = (journeyType: string, journeyId: string) =>
  `${personalizedQuizPath(journeyType)}/plan/${encodeURIComponent(journeyId)}`;
export const personalizedDayPath = (journeyType: string, journeyId: string, day: number) =>
  `${personalizedQuizPath(journeyType)}/day/${encodeURIComponent(journeyId)}/${day}`;

/** What the loading page receives in its navigation state. */
export interface PersonalizedLoadingState {
  journeyId: string;
  input: string;
  /** The error code the create call was refused with (kept in the page's history entry, so a reload keeps it). */
  refused?: string;
}
