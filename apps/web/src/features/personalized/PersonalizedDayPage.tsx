import { ChevronLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { parseJourneyRouteId, shouldOfferCompletion } from '@selah/domain/journey-rules';
import {
  CLOCK_REFRESH_MS,
  DEFAULT_JOURNEY_TYPE,
  isPersonalizedDayOpen,
  PERSONALIZED_COMPLETION_THRESHOLD,
  type JourneyType,
  type PersonalizedDay,
  type PersonalizedJourneyDetail,
} from '@selah/domain/personalized-rules';
import type { PlayerTrack } from '@selah/domain/player';
import { CompletionDialog } from '../../components/journey/CompletionDialog';
import { DayAudio } from '../../components/journey/DayAudio';
import { DayNav, LockedNextDay, NextDayLink, PreviousDayLink } from '../../components/journey/DayNav';
import { DaySkeleton } from '../../components/journey/DaySkeleton';
import { ExpandableText } from '../../components/journey/ExpandableText';
import { VerseCard } from '../../components/journey/VerseCard';
import { isSameTrack, useAudio } from '../../lib/audio';
import { personalizedDayPath, personalizedLoadingPath, personalizedPlanPath, type PersonalizedLoadingState } from './api/personalized';
import { routeErrorState } from '../../lib/route-error';
import { serverClockNow } from './server-clock';
import { notify } from '../../lib/toast';
import { useCompletePersonalizedDay } from './api/complete-personalized-day';
import { isMalformedId, isMissingJourney, usePersonalizedJourney } from './api/get-personalized-journey';
import { isUuid } from '@selah/domain/ids';
import { countdownText, dayTitle, journeyTypeOf, timeLeft, useNow } from './shared';
import { personalizedDayTrack } from '../../lib/tracks';

/**
 * /personalized-journey/:journeyType/day/:journeyId/:dayId: one day, like a journey day (spec section 2):
 * audio with ±15 s, Today's Verse, Reflection and Prayer Focus, previous/next, and the completion modal at
 * the end of the audio or at 95%.
 */
export default function PersonalizedDayPage() {
  const { t } = useTranslation('personalized');
  const params = useParams();
  const { pathname } = useLocation();
  const journeyType = journeyTypeOf(params.journeyType) ?? DEFAULT_JOURNEY_TYPE;
  const dayNumber = parseJourneyRouteId(params.dayId ?? '');
  const journeyId = params.journeyId;
  if (!isUuid(journeyId)) return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.invalidDay'), pathname)} />;
  if (dayNumber === null) {
    return <Navigate to={personalizedPlanPath(journeyType, journeyId)} replace state={routeErrorState(t('errors.invalidDay'), pathname)} />;
  }
  return <Day key={`${journeyId}/${dayNumber}`} journeyId={journeyId} journeyType={journeyType} dayNumber={dayNumber} />;
}

function Day({ journeyId, journeyType, dayNumber }: { journeyId: string; journeyType: JourneyType; dayNumber: number }) {
  const { t } = useTranslation('personalized');
  const { pathname } = useLocation();
  const journey = usePersonalizedJourney(journeyId);
  const planPath = personalizedPlanPath(journeyType, journeyId);
  // Whether the day may be opened is decided on arrival (on the server's clock); it stays open while the page is shown.
  const [arrivedAt] = useState(() => Date.now());

  const data = journey.data;
  if (data === undefined) {
    if (!journey.isError) return <DaySkeleton />;
    if (isMissingJourney(journey.error))
      return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.notFound'), pathname)} />;
    if (isMalformedId(journey.error)) return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.invalidDay'), pathname)} />;
    return <Navigate to={planPath} replace state={routeErrorState(t('errors.loadDay'), pathname)} />;
  }
  if (data.status === 'generating' || data.status === 'failed') {
    return (
      <Navigate
        to={personalizedLoadingPath(data.journeyType)}
        replace
        state={{ journeyId: data.id, input: data.input } satisfies PersonalizedLoadingState}
      />
    );
  }
  // A live event brought the new status before the days: they are on their way.
  if (data.days.length === 0 && journey.isFetching) return <DaySkeleton />;
  const day = data.days.find((candidate) => candidate.dayNumber === dayNumber);
  if (!day || dayNumber > data.totalDays)
    return <Navigate to={planPath} replace state={routeErrorState(t('errors.dayNotFound'), pathname)} />;
  const previous = data.days.find((candidate) => candidate.dayNumber === dayNumber - 1);
  if (day.status !== 'completed' && !isPersonalizedDayOpen(day, previous, serverClockNow(arrivedAt))) {
    return <Navigate to={planPath} replace state={routeErrorState(t('errors.dayLocked'), pathname)} />;
  }
  return <DayView journey={data} day={day} journeyType={journeyType} />;
}

function DayView({ journey, day, journeyType }: { journey: PersonalizedJourneyDetail; day: PersonalizedDay; journeyType: JourneyType }) {
  const { t } = useTranslation('personalized');
  const navigate = useNavigate();
  const now = useNow(CLOCK_REFRESH_MS);
  const complete = useCompletePersonalizedDay(journey.id);
  const number = day.dayNumber;
  const total = journey.totalDays;
  const title = dayTitle(t, number);
  const planPath = personalizedPlanPath(journeyType, journey.id);
  const isLast = number >= total;
  const completed = day.status === 'completed';

  const track: PlayerTrack | null = personalizedDayTrack(journey, day, title, journeyType);

  const audio = useAudio();
  const loaded = track !== null && isSameTrack(audio.track, track);
  const { maximize, minimize, onEnded } = audio;
  // The day's own audio shows here, not in the mini bar; leaving the page keeps it playing, minimized.
  useEffect(() => {
    if (!loaded) return;
    maximize();
    return () => minimize();
  }, [loaded, maximize, minimize]);

  // The completion modal: at the end of the audio or at 95%, once per visit, while the day is not completed.
  const [offered, setOffered] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const reached = loaded && shouldOfferCompletion(audio.progress / 100, PERSONALIZED_COMPLETION_THRESHOLD, completed);
  if (reached && !offered) {
    setOffered(true);
    setModalOpen(true);
  }
  const trackId = track?.id;
  useEffect(() => {
    if (completed || !trackId) return;
    return onEnded((ended) => {
      if (ended.id !== trackId) return;
      setOffered(true);
      setModalOpen(true);
    });
  }, [completed, trackId, onEnded]);

  const markCompleted = () => {
    if (completed) return;
    complete.mutate(number, { onError: () => notify.error(t('errors.completeFailed')) });
  };
  const onGoOn = () => {
    markCompleted();
    setModalOpen(false);
    // Done for today: the audio stops and the plan shows what comes next.
    audio.close();
    void navigate(planPath);
  };
  const onContinueListening = () => {
    markCompleted();
    setModalOpen(false);
  };

  const next = journey.days.find((candidate) => candidate.dayNumber === number + 1);
  const nextOpen = next !== undefined && isPersonalizedDayOpen(next, day, now);
  const nextWaiting = next && completed && !nextOpen ? countdownText(t, timeLeft(next.availableAt, now)) : null;

  return (
    <main className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <Link
        to={planPath}
        className="-ml-2 inline-flex min-h-11 max-w-full items-center gap-1 rounded-full pr-3 pl-1 text-sm font-semibold text-muted hover:bg-surface hover:text-ink"
      >
        <ChevronLeft aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span className="truncate">{journey.title ?? t('plan.defaultTitle')}</span>
      </Link>

      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-10">
        <div className="flex flex-col gap-6 lg:sticky lg:top-6">
          <header>
            <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{t('day.eyebrow', { day: number, total })}</p>
            <h1 className="mt-2 font-serif text-3xl leading-tight text-ink sm:text-4xl">{title}</h1>
            {day.subtitle ? <p className="mt-2 text-lg text-muted">{day.subtitle}</p> : null}
          </header>
          {track ? (
            <DayAudio track={track} label={track.title} timeTestId="day-audio-time" />
          ) : (
            <p className="rounded-3xl border border-line bg-surface p-6 text-muted shadow-sm">{t('day.noAudio')}</p>
          )}
        </div>

        <div className="flex flex-col gap-6">
          {day.bibleVerse.text ? (
            <VerseCard title={t('day.verse')} text={day.bibleVerse.text} reference={day.bibleVerse.reference || undefined} />
          ) : null}
          {day.reflection ? (
            <ExpandableText title={t('day.reflection')} text={day.reflection} seeMore={t('day.seeMore')} seeLess={t('day.seeLess')} />
          ) : null}
          {day.prayer ? (
            <ExpandableText title={t('day.prayer')} text={day.prayer} seeMore={t('day.seeMore')} seeLess={t('day.seeLess')} />
          ) : null}

          <DayNav label={t('plan.days')} hint={!isLast && !completed ? t('day.preview') : null}>
            {number > 1 ? (
              <PreviousDayLink to={personalizedDayPath(journeyType, journey.id, number - 1)}>
                {t('day.previous', { day: number - 1 })}
              </PreviousDayLink>
            ) : null}
            {isLast ? (
              <NextDayLink to={planPath}>{t('day.backToPlan')}</NextDayLink>
            ) : nextOpen ? (
              <NextDayLink to={personalizedDayPath(journeyType, journey.id, number + 1)}>{t('day.next', { day: number + 1 })}</NextDayLink>
            ) : (
              <LockedNextDay>{nextWaiting ?? t('day.locked', { day: number + 1 })}</LockedNextDay>
            )}
          </DayNav>
        </div>
      </div>

      <CompletionDialog
        open={modalOpen}
        title={t('day.modal.title', { day: number })}
        body={isLast ? t('day.modal.lastBody') : t('day.modal.body')}
        goOnLabel={isLast ? t('day.modal.journeyComplete') : t('day.modal.comeBackTomorrow')}
        continueLabel={t('day.modal.continue')}
        onGoOn={onGoOn}
        onContinue={onContinueListening}
        look="personalized"
      />
    </main>
  );
}
