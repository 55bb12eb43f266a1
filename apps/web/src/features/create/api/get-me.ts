import { queryOptions } from '@tanstack/react-query';
import type { Me } from '@selah/domain/profile';
import { apiFetch } from '../../../lib/api';
import { retryUnlessClientError } from './retry';

/**
 * The signed-in user's profile, for the goals sent with a new prayer. Same key and shape as the profile
 * feature's query, so both share one cache entry (features do not import each other).
 */
export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'] as const, queryFn: () => apiFetch<Me>('/api/me'), retry: retryUnlessClientError });
