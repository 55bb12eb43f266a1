import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_DATA_STALE_MS } from '@selah/domain/feed-limits';

/** Data goes stale after 5 minutes unless its query says otherwise (spec section 9; daily prayers: an hour). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: DEFAULT_DATA_STALE_MS, retry: 1, refetchOnWindowFocus: false },
  },
});
