import { CircleCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerTrack } from '@selah/domain/player';
import { useAuth } from '../../lib/auth';
import { canDownload, isDownloaded, saveForOffline, useDownloads } from '../../lib/downloads';
import { notify } from '../../lib/toast';
import { Spinner } from '../Spinner';

/** Keeps every day of a journey that has its audio on the device (issue 22); the library's Downloads lists them. */
export function DownloadJourneyButton({ tracks, group }: { tracks: PlayerTrack[]; group: string }) {
  const { t } = useTranslation('player');
  const { user } = useAuth();
  const downloads = useDownloads(user?.id ?? null);
  const [busy, setBusy] = useState(false);
  if (!user || !canDownload() || tracks.length === 0) return null;
  const missing = tracks.filter((track) => !isDownloaded(downloads, track));

  const onClick = async () => {
    setBusy(true);
    try {
      const saved = await saveForOffline(user.id, missing, { group });
      notify.success(t('download.journeySaved', { count: saved }));
    } catch (error) {
      console.warn('journey download failed', error);
      notify.error(t('download.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-gold" data-testid="journey-downloaded">
        <CircleCheck aria-hidden="true" className="h-4 w-4" />
        {t('download.journeyDone', { count: tracks.length })}
      </p>
    );
  }
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void onClick()}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-full border border-line px-4 text-sm font-semibold text-primary hover:bg-canvas disabled:opacity-60"
    >
      {busy ? <Spinner className="h-4 w-4" /> : <Download aria-hidden="true" className="h-4 w-4" />}
      {t('download.journey', { count: missing.length })}
    </button>
  );
}
