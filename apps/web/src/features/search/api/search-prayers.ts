import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@selah/domain/records';
import { searchKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';

export const searchPrayers = (query: string, language: string, signal?: AbortSignal): Promise<SearchResponse> =>
  api('GET /api/search', { query: { q: query, lng: language }, signal });

/**
 * GET /api/search; an empty query asks nothing (it has no results). The previous results stay on screen
 * while the next ones load. A record that completes invalidates every search (the library's record-events.ts).
 */
export const searchQueryOptions = (query: string, language: string) =>
  queryOptions({
    queryKey: searchKeys.of(query, language),
    queryFn: ({ signal }) => searchPrayers(query, language, signal),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });

export function useSearchPrayers(query: string, language: string) {
  return useQuery(searchQueryOptions(query, language));
}
