import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { generationStatsKeys, meKeys, subscriptionKeys } from '@selah/domain/contract/query-keys';
import type { SubscriptionView } from '@selah/domain/subscription-schemas';
import { api, retryUnlessClientError } from '../../../lib/api';

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => api('GET /api/subscription', { signal }),
    retry: retryUnlessClientError,
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());

/** A new subscription answer: the plan shows everywhere (profile, paywall's usage bar, quiz limit). */
function settle(queryClient: QueryClient, view: SubscriptionView): void {
  queryClient.setQueryData(subscriptionKeys.all, view);
  void queryClient.invalidateQueries({ queryKey: meKeys.all });
  void queryClient.invalidateQueries({ queryKey: generationStatsKeys.all });
}

/** POST /api/subscription/free: Free pressed outside the iOS app. */
export function useChooseFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/subscription/free'),
    onSuccess: (view) => settle(queryClient, view),
  });
}

/** POST /api/subscription/sync: after a purchase or restore, the server asks the store what is true. */
export function useSyncSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/subscription/sync'),
    onSuccess: (view) => settle(queryClient, view),
  });
}
