import { Download, FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { Button } from '../../components/Button';
import { Card } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { serverUrl } from '../../platform/server';
import { useLatestExport, useRequestExport } from './api/exports';
import { formatMegabytes } from '../../lib/formats';

/**
 * Your data (issue 22): everything the person made as one zip, prepared in the background; the link works for a
 * while, then a new export is asked for.
 */
export function ExportCard() {
  const { t, i18n } = useTranslation('profile');
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data ?? null;

  const onExport = async () => {
    try {
      await request.mutateAsync();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === ERROR_CODES.conflict) notify.info(t('export.inProgress'));
      else if (code === ERROR_CODES.rateLimited) notify.error(t('export.tooMany'));
      else notify.error(t('export.failed'));
    }
  };

  const size = (bytes: number) => formatMegabytes(bytes, i18n.resolvedLanguage);
  const until = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Card>
      <div className="flex items-start gap-4">
        <FileArchive aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-primary" />
        <div className="min-w-0 flex-1" aria-live="polite">
          <h2 className="font-semibold text-ink">{t('export.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('export.hint')}</p>
          {current?.status === 'pending' ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-ink" data-testid="export-status">
              <Spinner /> {t('export.preparing')}
            </p>
          ) : current?.status === 'ready' && current.downloadUrl ? (
            <div className="mt-4 flex flex-col gap-2" data-testid="export-status">
              <a
                href={serverUrl(current.downloadUrl)}
                download
                className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-full bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                {t('export.download', { size: size(current.sizeBytes ?? 0) })}
              </a>
              <p className="text-xs text-muted">{t('export.until', { date: until(current.expiresAt ?? current.createdAt) })}</p>
            </div>
          ) : current?.status === 'failed' ? (
            <p className="mt-4 text-sm text-danger" data-testid="export-status">
              {t('export.failed')}
            </p>
          ) : null}
          {current?.status !== 'pending' ? (
            <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={onExport} disabled={request.isPending}>
              {current?.status === 'ready' ? t('export.again') : t('export.start')}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
