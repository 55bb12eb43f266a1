import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@selah/domain/profile';
import { meKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const getMe = (): Promise<Me> => api('GET /api/me');

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.all, queryFn: getMe });

/** The signed-in user's profile; idle while signed out. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({ ...meQueryOptions(), enabled: user !== null });
}
