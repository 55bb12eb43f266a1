import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PlayerTrack } from '@selah/domain/player';
import { contentTextKeys } from '@selah/domain/contract/query-keys';
import { api } from './api';

/**
 * The words of every card of the dashboard feed, by id. The feed itself carries only the cards (a fifth of
 * the bytes); the words load once the dashboard shows, or when the player needs them first. Kept like the
 * feed: stale after 5 minutes, cached for an hour.
 */
export const contentTextsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: contentTextKeys.of(language),
    queryFn: () => api('GET /api/content/texts', { query: { lng: language } }),
    staleTime: 5 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });

/** Default content whose words are not in the track (a dashboard or category card). */
const needsText = (track: PlayerTrack): boolean => track.isDefault && !track.journey && !track.text;

/** Fills in the words of a card's track from the cache when they are there, so the player has them at once. */
export function useWithText(language: string): (track: PlayerTrack) => PlayerTrack {
  const client = useQueryClient();
  return useCallback(
    (track: PlayerTrack) => {
      if (!needsText(track)) return track;
      const text = client.getQueryData(contentTextsQueryOptions(language).queryKey)?.texts[track.id];
      return text ? { ...track, text } : track;
    },
    [client, language],
  );
}

/** The words of the playing track: its own, or for a card those of the texts call (loaded if needed). */
export function useTrackText(track: PlayerTrack, language: string): { text: string; isLoading: boolean } {
  const needed = needsText(track);
  const texts = useQuery({ ...contentTextsQueryOptions(language), enabled: needed });
  if (!needed) return { text: track.text, isLoading: false };
  return { text: texts.data?.texts[track.id] ?? '', isLoading: texts.isPending };
}
