import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DailyPrayer, Feed } from '@selah/domain/feed';
import { DAILY_PRAYERS_STALE_MS, DEFAULT_DATA_STALE_MS } from '@selah/domain/feed-limits';
import { feedKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const getFeed = (language: string): Promise<Feed> => api('GET /api/feed', { query: { lng: language } });

/** Default data goes stale after 5 minutes; it stays cached for an hour. */
export const feedQueryOptions = (language: string, userId: string | null) =>
  queryOptions({
    queryKey: feedKeys.of(language, userId),
    queryFn: () => getFeed(language),
    staleTime: DEFAULT_DATA_STALE_MS,
    gcTime: DAILY_PRAYERS_STALE_MS,
  });

export function useFeed(language: string) {
  const { user } = useAuth();
  return useQuery(feedQueryOptions(language, user?.id ?? null));
}

/**
 * The daily prayers, cached for an hour (spec section 9: they change once a day), while the rest of the feed
 * goes stale after 5 minutes. They arrive with the feed: this query reads them from the feed's cache, so it adds
 * no request of its own (it shares the feed's, or takes a fresh feed's answer), and keeps them when the feed
 * refetches within the hour.
 */
export const dailyPrayersQueryOptions = (queryClient: QueryClient, language: string, userId: string | null) =>
  queryOptions({
    queryKey: feedKeys.dailyPrayers(language),
    queryFn: async (): Promise<DailyPrayer[]> => (await queryClient.fetchQuery(feedQueryOptions(language, userId))).dailyPrayers,
    staleTime: DAILY_PRAYERS_STALE_MS,
    gcTime: DAILY_PRAYERS_STALE_MS,
    // The feed retries its own request; a failed feed fails this at once (and the reconnect refetches both).
    retry: false,
  });

export function useDailyPrayers(language: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useQuery(dailyPrayersQueryOptions(queryClient, language, user?.id ?? null));
}
