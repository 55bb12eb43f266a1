import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feed } from '@selah/domain/feed';
import { apiFetch } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const getFeed = (language: string): Promise<Feed> => apiFetch<Feed>(`/api/feed?lng=${encodeURIComponent(language)}`);

/** Default data goes stale after 5 minutes; it stays cached for an hour (daily prayers change once a day). */
export const feedQueryOptions = (language: string, userId: string | null) =>
  queryOptions({
    queryKey: ['feed', language, userId],
    queryFn: () => getFeed(language),
    staleTime: 5 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });

export function useFeed(language: string) {
  const { user } = useAuth();
  return useQuery(feedQueryOptions(language, user?.id ?? null));
}
