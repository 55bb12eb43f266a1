import { queryOptions } from '@tanstack/react-query';
import { meKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { retryUnlessClientError } from './retry';

/**
 * The signed-in user's profile, for the goals sent with a new prayer. Same key and shape as the profile
 * feature's query, so both share one cache entry (meKeys).
 */
export const meQueryOptions = () =>
  queryOptions({ queryKey: meKeys.all, queryFn: () => api('GET /api/me'), retry: retryUnlessClientError });
