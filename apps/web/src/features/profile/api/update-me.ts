import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateMe } from '@selah/domain/profile';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from './get-me';

export const updateMe = (patch: UpdateMe): Promise<Me> => apiFetch<Me>('/api/me', { method: 'PATCH', body: patch });

/** PATCH /api/me; the answer replaces the cached profile. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
