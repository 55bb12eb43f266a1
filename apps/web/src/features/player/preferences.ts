import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { meKeys } from '@selah/domain/contract/query-keys';
import type { Me } from '@selah/domain/profile';
import { api } from '../../lib/api';
import type { PlayerPreferences } from '@selah/domain/profile';
import { useAudioControls } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { meQueryOptions } from '../profile/data';

/**
 * Puts the signed-in person's remembered player settings (speed, background sound, its volume) into the player
 * once their profile is known, and again when it changes (another device saved new ones).
 */
export function usePlayerPreferencesSync(): void {
  const { user } = useAuth();
  const { setPreferences } = useAudioControls();
  const { data } = useQuery({ ...meQueryOptions(), enabled: user !== null });
  const player = data?.player;
  useEffect(() => {
    if (player) setPreferences(player);
  }, [player, setPreferences]);
}

/**
 * Changes player settings: at once in the player, then saved to the person's profile so they follow them to
 * every device. A failed save keeps the change here and says so.
 */
export function useSavePlayerPreferences(): (change: Partial<PlayerPreferences>) => void {
  const { t } = useTranslation('player');
  const queryClient = useQueryClient();
  const { setPreferences } = useAudioControls();
  const { user } = useAuth();
  const save = useMutation({
    mutationFn: (change: Partial<PlayerPreferences>) => api('PATCH /api/me', { body: { player: change } }),
    onSuccess: (me: Me) => queryClient.setQueryData(meKeys.all, me),
    onError: () => notify.error(t('sound.unsaved')),
  });
  return (change) => {
    setPreferences(change);
    // Optimistically in the cached profile too, so the sync above does not put the old values back meanwhile.
    queryClient.setQueryData<Me>(meKeys.all, (me) => (me ? { ...me, player: { ...me.player, ...change } } : me));
    if (user) save.mutate(change);
  };
}
