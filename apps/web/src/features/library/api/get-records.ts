import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RECORDS_PAGE_SIZE, type RecordsPage } from '@selah/domain/records';
import { recordKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import type { RecordsCursor } from './record-events';

export const getRecords = (cursor: RecordsCursor, signal?: AbortSignal): Promise<RecordsPage> =>
  api('GET /api/records', { query: { limit: RECORDS_PAGE_SIZE, cursor: cursor ?? undefined }, signal });

/**
 * The user's records newest first, 20 a page. Live events (app/live-events.tsx, record-events.ts) keep the cached pages up
 * to date, so the library refetches only when it has not been looked at for a while.
 */
export const recordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: recordKeys.all,
    queryFn: ({ pageParam, signal }) => getRecords(pageParam, signal),
    initialPageParam: null as RecordsCursor,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 60 * 1000,
  });

export function useRecords() {
  return useInfiniteQuery(recordsQueryOptions());
}
