import { ApiError } from '../../../lib/api';

/** One more try for network and server failures; a 4xx answer (signed out, limit reached...) will not change. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
