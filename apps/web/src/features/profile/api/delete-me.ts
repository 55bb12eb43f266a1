import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export const deleteMe = (password: string | undefined): Promise<{ deleted: true }> =>
  api('DELETE /api/me', { body: password === undefined ? {} : { password } });

/** DELETE /api/me; on success the session is gone, so every cache is cleared with it. */
export function useDeleteMe() {
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: deleteMe,
    onSuccess: async () => {
      await signOut().catch(() => undefined);
    },
  });
}
