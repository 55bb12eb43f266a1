import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateMe } from '@selah/domain/profile';
import { meKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../../lib/api';

export const updateMe = (patch: UpdateMe): Promise<Me> => api('PATCH /api/me', { body: patch });

/** PATCH /api/me; the answer replaces the cached profile. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}
