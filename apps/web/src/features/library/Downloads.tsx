import { Download as DownloadIcon, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAudioControls } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { removeDownload, useDownloads } from '../../lib/downloads';
import { useDurations } from '../../lib/durations';
import { notify } from '../../lib/toast';
import { formatMegabytes } from '../../lib/formats';

/**
 * Downloads (issue 22): what this account keeps on the device, the space it takes, a way to play each one (also
 * with no network: the offline worker answers from the saved files) and to remove it. Nothing when empty.
 */
export function Downloads() {
  const { t, i18n } = useTranslation(['library', 'common']);
  const { user } = useAuth();
  const downloads = useDownloads(user?.id ?? null);
  const audio = useAudioControls();
  const navigate = useNavigate();
  const { duration } = useDurations();
  if (!user || downloads.length === 0) return null;

  const size = (bytes: number) => formatMegabytes(bytes, i18n.resolvedLanguage);
  const total = downloads.reduce((sum, item) => sum + item.bytes, 0);

  return (
    <section aria-labelledby="downloads-title" className="mb-6">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="downloads-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <DownloadIcon aria-hidden="true" className="h-5 w-5 text-primary" />
          {t('downloads.title')}
        </h2>
        <p className="text-sm text-muted" data-testid="downloads-total">
          {t('downloads.total', { count: downloads.length, size: size(total) })}
        </p>
      </div>
      <ul className="flex flex-col gap-2">
        {downloads.map((item) => {
          const title = item.track.title || t('record.untitled');
          const details = [item.group, item.track.duration ? duration(item.track.duration) : null, size(item.bytes)]
            .filter(Boolean)
            .join(' · ');
          return (
            <li
              key={`${item.track.id} ${item.track.audioUrl}`}
              className="flex items-center gap-2 rounded-2xl border border-line bg-surface p-2 pl-4 shadow-sm"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-ink">{title}</span>
                <span className="block truncate text-xs text-muted">{details}</span>
              </span>
              <button
                type="button"
                onClick={() => {
                  audio.open(item.track);
                  void navigate('/player', { state: item.track });
                }}
                aria-label={`${title}, ${t('common:card.play')}`}
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-white"
              >
                <Play aria-hidden="true" className="ml-0.5 h-5 w-5 fill-current" />
              </button>
              <button
                type="button"
                onClick={() =>
                  void removeDownload(item.userId, item.track.id).then(
                    () => notify.info(t('downloads.removed', { title })),
                    () => notify.error(t('downloads.removeFailed')),
                  )
                }
                aria-label={t('downloads.remove', { title })}
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-danger"
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
