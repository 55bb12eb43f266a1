import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dailyDateLabel, partOfDay } from '@selah/domain/dates';
import type { ContentCard } from '@selah/domain/feed';
import { DAILY_PRAYERS_SHOWN } from '@selah/domain/feed-limits';
import type { PlayerTrack } from '@selah/domain/player';
import { CreateCard } from '../../components/CreateCard';
import { CardSkeleton, PrayerCard } from '../../components/PrayerCard';
import { Spinner } from '../../components/Spinner';
import { useAudioControls } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { contentTextsQueryOptions, useWithText } from '../../lib/content-texts';
import { dateLabelText } from '../../lib/date-label';
import { useDurations } from '../../lib/durations';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PersonalizedJourneysSection } from '../personalized';
import { useRouteError } from '../../lib/route-error';
import { contentTrack, dailyTrack, userTrack, type CategoryState } from '../../lib/tracks';
import { useDailyPrayers, useFeed } from './api/get-feed';
import { Section, ViewAll } from './DashboardSection';
import { JourneysSection, JourneysSectionSkeleton } from './JourneysSection';

/** The dashboard stops waiting for its data after this long and shows what it has (spec section 9). */
export const DASHBOARD_SAFETY_TIMEOUT_MS = 5000;
/** How long after the feed shows the words of its cards are fetched (they are not needed to paint). */
const TEXTS_PREFETCH_DELAY_MS = 1000;

export default function DashboardPage() {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const { user } = useAuth();
  const language = i18n.resolvedLanguage ?? 'en';
  const feed = useFeed(language);
  // Daily prayers come with the feed but stay cached for an hour (spec section 9).
  const daily = useDailyPrayers(language);
  const [gaveUpWaiting, setGaveUpWaiting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUpWaiting(true), DASHBOARD_SAFETY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  // The sixty-odd cards render in the background when the feed arrives (React yields to the browser every few
  // milliseconds), so the page stays responsive; the skeletons stay until they are ready.
  const data = useDeferredValue(feed.data);
  const loading = data === undefined && (feed.isPending || feed.data !== undefined) && !gaveUpWaiting;
  // A route that could not show what it was asked for (e.g. an unknown journey) sends its error here.
  const [routeError] = useRouteError();

  // The words of the cards are needed only when one opens: fetch them once the dashboard has shown.
  const queryClient = useQueryClient();
  const feedLoaded = feed.isSuccess;
  useEffect(() => {
    if (!feedLoaded) return;
    const timer = setTimeout(() => void queryClient.prefetchQuery(contentTextsQueryOptions(language)), TEXTS_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [feedLoaded, language, queryClient]);
  const withText = useWithText(language);

  const audio = useAudioControls();
  // Start playback inside the tap itself (iOS allows audio only from a user gesture), then show the player.
  const open = (card: PlayerTrack) => {
    const track = withText(card);
    audio.open(track);
    void navigate('/player', { state: track });
  };
  const viewAll = ({ name, items }: CategoryState) => void navigate('/category', { state: { name, items: items.map(withText) } });
  const now = new Date();
  const { duration } = useDurations();
  const playLabel = t('card.play');

  const contentCard = (item: ContentCard) => (
    <PrayerCard
      key={item.id}
      title={item.title}
      preference={item.preference}
      meta={duration(item.duration)}
      playLabel={playLabel}
      onOpen={() => open(contentTrack(item))}
      warmUrl={item.audioUrl}
    />
  );

  const dateLabel = (date: string) => dateLabelText(dailyDateLabel(date, now), t);

  const dailyPrayers = daily.data ?? data?.dailyPrayers ?? [];
  const userPrayers = data?.userPrayers ?? [];
  // The feed could not load (offline, or the server did not answer): its sections say so instead of staying empty.
  const unavailable =
    !loading && data === undefined && feed.isError ? (
      <Unavailable
        message={t(navigator.onLine ? 'dashboard.unavailable' : 'dashboard.unavailableOffline')}
        retry={navigator.onLine ? t('dashboard.tryAgain') : null}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    ) : undefined;

  return (
    <main className="mx-auto max-w-6xl pt-10" aria-busy={loading}>
      <header className="px-5">
        <p className="text-sm font-medium tracking-wide text-gold uppercase">Selah</p>
        <h1 className="mt-1 font-serif text-3xl text-ink">{t(`dashboard.greeting.${partOfDay(now.getHours())}`)}</h1>
        <p className="mt-2 text-muted">{t('dashboard.subtitle')}</p>
        <ErrorNotice message={routeError} className="mt-4" />
      </header>

      {loading || dailyPrayers.length > 0 ? (
        <Section
          id="daily"
          title={t('dashboard.daily')}
          action={
            dailyPrayers.length > 0 ? (
              <ViewAll
                label={t('dashboard.viewAll')}
                onClick={() => viewAll({ name: t('dashboard.daily'), items: dailyPrayers.map(dailyTrack) })}
              />
            ) : null
          }
        >
          {loading
            ? [0, 1, 2].map((key) => <CardSkeleton key={key} />)
            : dailyPrayers
                .slice(0, DAILY_PRAYERS_SHOWN)
                .map((prayer) => (
                  <PrayerCard
                    key={prayer.id}
                    title={prayer.title}
                    preference="daily"
                    label={dateLabel(prayer.date)}
                    meta={duration(prayer.duration)}
                    playLabel={playLabel}
                    onOpen={() => open(dailyTrack(prayer))}
                    warmUrl={prayer.audioUrl}
                  />
                ))}
        </Section>
      ) : null}

      <Section id="your-prayers" title={t('dashboard.yourPrayers')} notice={user ? unavailable : undefined}>
        {loading ? <CardSkeleton /> : null}
        {!loading &&
          userPrayers.map((prayer) => {
            const track = userTrack(prayer);
            // Still being made: a spinner, unless its first seconds are out (then it plays, and says more is coming).
            const busy = prayer.status === 'completed' || track ? undefined : <Spinner className="h-5 w-5" />;
            // While it is being made, the card says which step it is on (writing, voicing, finishing).
            const stage = prayer.status === 'processing' && prayer.stage ? t(`status.stage.${prayer.stage}`) : undefined;
            const making = t(prayer.status === 'pending' ? 'status.generating' : 'status.processing');
            return (
              <PrayerCard
                key={prayer.id}
                title={prayer.title ?? making}
                preference={prayer.preference}
                label={prayer.status === 'completed' ? undefined : track?.streaming ? t('status.listenNow') : making}
                meta={track?.streaming ? t('status.moreComing') : (stage ?? (prayer.duration ? duration(prayer.duration) : undefined))}
                playLabel={playLabel}
                busy={busy}
                onOpen={track ? () => open(track) : undefined}
                warmUrl={track?.streaming ? null : track?.audioUrl}
              />
            );
          })}
        {!loading ? (
          <CreateCard to={user ? '/quiz' : '/login'} title={t('dashboard.createTitle')} body={t('dashboard.createBody')} />
        ) : null}
      </Section>

      <Section
        id="popular"
        title={t('dashboard.popular')}
        // Below the first screen on a phone and on a laptop: its cards render as it nears, after the first paint.
        deferCards
        notice={unavailable}
        action={
          data && data.popularPrayers.length > 0 ? (
            <ViewAll
              label={t('dashboard.viewAll')}
              onClick={() => viewAll({ name: t('dashboard.popular'), items: data.popularPrayers.map(contentTrack) })}
            />
          ) : null
        }
      >
        {loading ? [0, 1, 2].map((key) => <CardSkeleton key={key} />) : (data?.popularPrayers ?? []).map(contentCard)}
      </Section>

      {/* Spiritual Journeys: up to 3 fixed journey cards (its own texts and queries, so its own boundary). */}
      <Suspense fallback={<JourneysSectionSkeleton />}>
        <JourneysSection />
      </Suspense>

      {/* Personalized Journeys: signed-in only, ancestors type (its own texts and queries, so its own boundary). */}
      <Suspense fallback={null}>
        <PersonalizedJourneysSection />
      </Suspense>

      {loading
        ? [0, 1].map((key) => (
            <Section key={key} id={`category-skeleton-${key}`} title="" skeletonTitle>
              {[0, 1, 2].map((card) => (
                <CardSkeleton key={card} />
              ))}
            </Section>
          ))
        : (data?.categories ?? [])
            .filter((category) => category.items.length > 0)
            .map((category) => (
              <Section
                key={category.id}
                id={`category-${category.id}`}
                title={category.name}
                deferCards
                action={
                  <ViewAll
                    label={t('dashboard.viewAll')}
                    onClick={() => viewAll({ name: category.name, items: category.items.map(contentTrack) })}
                  />
                }
              >
                {category.items.map(contentCard)}
              </Section>
            ))}
    </main>
  );
}

/** A short, calm line where a section's prayers would be, with Try again while the device is online. */
function Unavailable({
  message,
  retry,
  retrying,
  onRetry,
}: {
  message: string;
  retry: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="status"
      className="mx-5 mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-surface px-4 py-3 text-sm text-muted"
    >
      <span>{message}</span>
      {retry ? (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="font-semibold text-primary underline-offset-4 hover:underline disabled:opacity-60"
        >
          {retry}
        </button>
      ) : null}
    </div>
  );
}
