import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@selah/domain/profile';
import { apiFetch } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const meQueryKey = ['me'] as const;

export const getMe = (): Promise<Me> => apiFetch<Me>('/api/me');

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The signed-in user's profile; idle while signed out. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({ ...meQueryOptions(), enabled: user !== null });
}
