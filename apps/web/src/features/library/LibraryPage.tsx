import { BookHeart, CircleAlert, Play, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { generationErrorOf } from '@selah/domain/generation-errors';
import type { PrayerRecord } from '@selah/domain/records';
import { timeAgo, type TimeAgo } from '@selah/domain/time-ago';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { coverOf } from '../../components/PrayerCard';
import { Spinner } from '../../components/Spinner';
import { useAudioControls } from '../../lib/audio';
import { useDurations } from '../../lib/durations';
import { useRecordLabels } from '../../lib/labels';
import { notify } from '../../lib/toast';
import { recordTrack } from '../../lib/tracks';
import { useRecords } from './api/get-records';
import type { LibraryState } from './data';
import { useRetryRecord } from './api/retry-record';
import { Downloads } from './Downloads';

/** The next page starts loading when the end of the list comes this close to the viewport. */
const PREFETCH_MARGIN = '600px 0px';

/** The time the rows' time-ago is counted to: now, again every minute while the library is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /library (My Prayers): the user's records newest first; completed ones play, the others show where they are. */
export default function LibraryPage() {
  const { t } = useTranslation('library');
  const records = useRecords();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = records;
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  const now = useMinuteClock();
  const navigate = useNavigate();
  const audio = useAudioControls();

  // Straight from the quiz: the new prayer opens in the player the moment its first seconds are out.
  const listenTo = (useLocation().state as LibraryState | null)?.listenTo;
  const ready = listenTo ? items.find((record) => record.id === listenTo) : undefined;
  const readyTrack = ready ? recordTrack(ready) : null;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!readyTrack || opened.current === readyTrack.id) return;
    opened.current = readyTrack.id;
    // Once: coming back to the library does not play it again.
    void navigate('/library', { replace: true, state: null });
    audio.open(readyTrack);
    void navigate('/player', { state: readyTrack });
  }, [readyTrack, navigate, audio]);

  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage]);

  let content: ReactNode;
  if (records.isPending) {
    content = (
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {[0, 1, 2, 3].map((key) => (
          <li key={key}>
            <RowSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (records.isError && items.length === 0) {
    content = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-sm"
      >
        <CircleAlert aria-hidden="true" className="h-8 w-8 text-danger" />
        <p className="text-ink">{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void records.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    content = <EmptyLibrary />;
  } else {
    content = (
      <>
        <ul className="flex flex-col gap-3">
          {items.map((record) => (
            <li key={record.id}>
              <RecordRow record={record} now={now} />
            </li>
          ))}
        </ul>
        <div ref={sentinel} aria-hidden="true" />
        {isFetchingNextPage ? (
          <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
            <Spinner className="h-4 w-4 text-primary" />
            {t('loadingMore')}
          </p>
        ) : null}
        {isFetchNextPageError ? (
          <div className="flex justify-center py-6">
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <main aria-busy={records.isPending}>
      <PageHeader title={t('title')} />
      <div className="mx-auto max-w-2xl px-5 pb-6">
        <Downloads />
        {content}
      </div>
    </main>
  );
}

function EmptyLibrary() {
  const { t } = useTranslation('library');
  return (
    <div className="mt-4 flex flex-col items-center rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-sm">
      <span aria-hidden="true" className="animate-breathe flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold">
        <BookHeart className="h-8 w-8" />
      </span>
      <h2 className="mt-5 font-serif text-2xl text-ink">{t('empty.title')}</h2>
      <p className="mt-2 max-w-sm text-muted">{t('empty.body')}</p>
      <Link
        to="/quiz"
        className="mt-6 inline-flex min-h-12 items-center justify-center rounded-xl bg-primary px-6 text-base font-semibold text-white shadow-sm transition-colors hover:bg-primary-strong"
      >
        {t('empty.action')}
      </Link>
    </div>
  );
}

const rowBase = 'flex w-full items-center gap-4 rounded-3xl border border-line bg-surface p-3 text-left shadow-sm';

function Cover({ preference, muted = false }: { preference: string; muted?: boolean }) {
  const cover = coverOf(preference);
  return (
    <span
      aria-hidden="true"
      className={`flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl sm:h-16 sm:w-16 bg-gradient-to-br text-white/90 ${muted ? 'from-[#9a9489] to-[#c2bcb0]' : cover.gradient}`}
    >
      {muted ? <CircleAlert className="h-7 w-7" /> : cover.icon}
    </span>
  );
}

/** How long ago, in words ("just now", "3 hours ago"): the bucket from the domain, the words with their plurals here. */
function timeAgoText(t: TFunction<['library', 'common']>, ago: TimeAgo): string {
  switch (ago.unit) {
    case 'now':
      return t('timeAgo.justNow');
    case 'minute':
      return t('timeAgo.minutes', { count: ago.count });
    case 'hour':
      return t('timeAgo.hours', { count: ago.count });
    case 'day':
      return t('timeAgo.days', { count: ago.count });
    case 'month':
      return t('timeAgo.months', { count: ago.count });
    case 'year':
      return t('timeAgo.years', { count: ago.count });
  }
}

function RecordRow({ record, now }: { record: PrayerRecord; now: Date }) {
  const { t } = useTranslation(['library', 'common']);
  const labels = useRecordLabels();
  const { duration } = useDurations();
  const navigate = useNavigate();
  const audio = useAudioControls();
  const topic = `${labels.experience(record.experience)} · ${labels.preference(record.preference)}`;

  const track = recordTrack(record);
  /** A playable row: the cover, its lines, and the play button. */
  const playable = (label: string, lines: ReactNode) => (
    <button
      type="button"
      onClick={() => {
        audio.open(track!);
        void navigate('/player', { state: track });
      }}
      aria-label={`${label}, ${t('common:card.play')}`}
      className={`${rowBase} pr-4 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:-translate-y-0.5`}
    >
      <Cover preference={record.preference} />
      <span className="min-w-0 flex-1">{lines}</span>
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-white shadow">
        <Play className="ml-0.5 h-5 w-5 fill-current" />
      </span>
    </button>
  );

  switch (record.status) {
    case 'completed': {
      const title = record.title || t('record.untitled');
      const ago = timeAgoText(t, timeAgo(record.createdAt, now));
      const details = [ago, record.duration ? duration(record.duration) : null].filter(Boolean).join(' · ');
      const lines = (
        <>
          <span className="line-clamp-2 font-semibold text-ink">{title}</span>
          <span className="mt-0.5 block truncate text-sm text-muted">{topic}</span>
          <span className="mt-0.5 block truncate text-xs text-muted">{details}</span>
        </>
      );
      // A completed record without audio cannot play; it shows like the others but inert.
      if (!track)
        return (
          <div className={rowBase}>
            <Cover preference={record.preference} />
            <span className="min-w-0 flex-1">{lines}</span>
          </div>
        );
      return playable(`${title} ${details}`, lines);
    }
    case 'pending':
    case 'processing': {
      const stage = record.status === 'processing' && record.stage ? t(`common:status.stage.${record.stage}`) : null;
      if (track) {
        // Its first seconds are out: it plays while the rest is voiced.
        const title = record.title || t('common:status.processing');
        return playable(
          `${title} ${t('common:status.listenNow')} · ${t('common:status.moreComing')}`,
          <>
            <span className="line-clamp-2 font-semibold text-ink">{title}</span>
            <span className="mt-0.5 block truncate text-sm text-primary" data-testid="more-coming">
              {t('common:status.moreComing')}
            </span>
            <span className="mt-0.5 block truncate text-xs text-muted">{topic}</span>
          </>,
        );
      }
      return (
        <div aria-disabled="true" aria-busy="true" className={`${rowBase} pr-4`}>
          <Cover preference={record.preference} />
          <span className="min-w-0 flex-1">
            <span className="line-clamp-2 font-semibold text-ink">
              {t(record.status === 'pending' ? 'common:status.generating' : 'common:status.processing')}
            </span>
            {stage ? (
              <>
                <span className="mt-0.5 block truncate text-sm text-primary">{stage}</span>
                <span className="mt-0.5 block truncate text-xs text-muted">{topic}</span>
              </>
            ) : (
              <span className="mt-0.5 block truncate text-sm text-muted">{topic}</span>
            )}
          </span>
          <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-canvas text-primary">
            <Spinner className="h-5 w-5" />
          </span>
        </div>
      );
    }
    case 'failed':
      return <FailedRow record={record} topic={topic} />;
  }
}

function FailedRow({ record, topic }: { record: PrayerRecord; topic: string }) {
  const { t } = useTranslation('library');
  const retry = useRetryRecord();
  const onRetry = () =>
    retry.mutate(record.id, {
      onError: () => notify.error(t('record.retryFailed')),
    });
  return (
    <div className={`${rowBase} items-start`}>
      <Cover preference={record.preference} muted />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">{t('record.failed')}</span>
        {/* The stored error is a code (never shown as it is): a calm sentence for it. */}
        <span className="mt-0.5 block text-sm text-muted">
          {generationErrorOf(record.error) === 'GENERATION_TIMED_OUT' ? t('record.timedOutHint') : t('record.failedHint')}
        </span>
        <span className="mt-0.5 block truncate text-sm text-muted">{topic}</span>
        {record.description ? (
          <span className="mt-0.5 block truncate text-xs text-muted">{t('record.quoted', { text: record.description })}</span>
        ) : null}
        <Button variant="secondary" className="mt-3 !min-h-10 !px-4 text-sm" disabled={retry.isPending} onClick={onRetry}>
          {retry.isPending ? <Spinner className="h-4 w-4" /> : <RotateCcw aria-hidden="true" className="h-4 w-4" />}
          {retry.isPending ? t('record.retrying') : t('record.retry')}
        </Button>
      </span>
    </div>
  );
}

function RowSkeleton() {
  return (
    <div className={`${rowBase} animate-pulse`}>
      <div className="h-14 w-14 shrink-0 rounded-2xl bg-line/60 sm:h-16 sm:w-16" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-2/3 rounded bg-line/70" />
        <div className="h-3 w-1/3 rounded bg-line/50" />
      </div>
    </div>
  );
}
