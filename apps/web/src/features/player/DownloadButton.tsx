import { CircleCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerTrack } from '@selah/domain/player';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { useAudio } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { canDownload, isDownloaded, removeDownload, saveForOffline, useDownloads } from '../../lib/downloads';
import { notify } from '../../lib/toast';

/**
 * Keeps the prayer on the device for listening without a network (issue 22), with its words and the chosen
 * background sound; pressed again, removes it. Signed in only: downloads belong to an account.
 */
export function DownloadButton({ track }: { track: PlayerTrack }) {
  const { t } = useTranslation('player');
  const { user } = useAuth();
  const { backgroundSound } = useAudio();
  const downloads = useDownloads(user?.id ?? null);
  const [busy, setBusy] = useState(false);
  if (!user || !canDownload()) return <span aria-hidden="true" className="h-11 w-11" />;
  const saved = isDownloaded(downloads, track);

  const onClick = async () => {
    setBusy(true);
    try {
      if (saved) {
        await removeDownload(user.id, track.id);
        notify.info(t('download.removed'));
      } else {
        const sounds = backgroundSound === 'none' ? null : await api('GET /api/sounds').catch(() => null);
        const bedUrl = sounds?.sounds.find((sound) => sound.id === backgroundSound)?.audioUrl;
        await saveForOffline(user.id, [track], bedUrl ? { bedUrl } : {});
        notify.success(t('download.saved'));
      }
    } catch (error) {
      console.warn('download failed', error);
      notify.error(t('download.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      aria-label={saved ? t('download.remove') : t('download.save')}
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void onClick()}
      data-testid="player-download"
      className={`flex h-11 w-11 items-center justify-center rounded-full transition-colors disabled:opacity-60 ${
        saved ? 'text-gold hover:bg-surface' : 'text-ink hover:bg-surface'
      }`}
    >
      {busy ? (
        <Spinner className="h-5 w-5" />
      ) : saved ? (
        <CircleCheck aria-hidden="true" className="h-6 w-6" />
      ) : (
        <Download aria-hidden="true" className="h-6 w-6" />
      )}
    </button>
  );
}
