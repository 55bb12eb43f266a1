import { BookOpen, ChevronLeft, CircleCheck, ChevronRight, Lock, Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { formatClock } from '@selah/domain/duration';
import { dayDurationSeconds, parseJourneyRouteId, previewText, shouldOfferCompletion } from '@selah/domain/journeys';
import {
  CLOCK_REFRESH_MS,
  countdown,
  DEFAULT_JOURNEY_TYPE,
  isPersonalizedDayOpen,
  PERSONALIZED_COMPLETION_THRESHOLD,
  type JourneyType,
  type PersonalizedDay,
  type PersonalizedJourneyDetail,
} from '@selah/domain/personalized';
import type { PlayerTrack } from '@selah/domain/player';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { isSameTrack, SKIP_SECONDS, useAudio } from '../../lib/audio';
import { personalizedDayPath, personalizedLoadingPath, personalizedPlanPath, type PersonalizedLoadingState } from '../../lib/personalized';
import { routeErrorState } from '../../lib/route-error';
import { notify } from '../../lib/toast';
import { useCompletePersonalizedDay } from './api/complete-personalized-day';
import { isMalformedId, isMissingJourney, usePersonalizedJourney } from './api/get-personalized-journey';
import { countdownText, dayTitle, isUuid, journeyTypeOf, useNow } from './shared';

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
  // Whether the day may be opened is decided on arrival; it stays open while the page is shown.
  const [arrivedAt] = useState(() => new Date());

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
  if (day.status !== 'completed' && !isPersonalizedDayOpen(day, previous, arrivedAt)) {
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

  const track: PlayerTrack | null = day.audioUrl
    ? {
        id: `personalized:${journey.id}:${number}`,
        title,
        audioUrl: day.audioUrl,
        text: '',
        duration: dayDurationSeconds(day.duration),
        isDefault: false,
        preference: journey.journeyType,
        slug: null,
        journey: { kind: 'personalized', journeyId: journey.id, dayId: number, journeyType },
      }
    : null;

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
  const nextWaiting = next && completed && !nextOpen ? countdownText(t, countdown(next.availableAt, now)) : null;

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
            <AudioPanel track={track} loaded={loaded} />
          ) : (
            <p className="rounded-3xl border border-line bg-surface p-6 text-muted shadow-sm">{t('day.noAudio')}</p>
          )}
        </div>

        <div className="flex flex-col gap-6">
          {day.bibleVerse.text ? (
            <section aria-labelledby="day-verse" className="rounded-3xl border border-gold/30 bg-gold-soft/60 p-6 shadow-sm">
              <h2 id="day-verse" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-gold uppercase">
                <BookOpen aria-hidden="true" className="h-4 w-4" />
                {t('day.verse')}
              </h2>
              <blockquote className="mt-3">
                <p className="font-serif text-xl leading-relaxed text-ink italic">{day.bibleVerse.text}</p>
                {day.bibleVerse.reference ? (
                  <footer className="mt-2 text-sm font-semibold text-muted">{day.bibleVerse.reference}</footer>
                ) : null}
              </blockquote>
            </section>
          ) : null}
          {day.reflection ? <Expandable title={t('day.reflection')} text={day.reflection} /> : null}
          {day.prayer ? <Expandable title={t('day.prayer')} text={day.prayer} /> : null}

          <nav aria-label={t('plan.days')} className="flex flex-col gap-3">
            <div className="flex items-stretch gap-3">
              {number > 1 ? (
                <Link
                  to={personalizedDayPath(journeyType, journey.id, number - 1)}
                  className="inline-flex min-h-12 items-center justify-center gap-1 rounded-xl border border-line bg-surface px-4 font-semibold text-ink hover:bg-canvas"
                >
                  <ChevronLeft aria-hidden="true" className="h-5 w-5" />
                  {t('day.previous', { day: number - 1 })}
                </Link>
              ) : null}
              {isLast ? (
                <Link
                  to={planPath}
                  className="inline-flex min-h-12 flex-1 items-center justify-center gap-1 rounded-xl bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
                >
                  {t('day.backToPlan')}
                  <ChevronRight aria-hidden="true" className="h-5 w-5" />
                </Link>
              ) : nextOpen ? (
                <Link
                  to={personalizedDayPath(journeyType, journey.id, number + 1)}
                  className="inline-flex min-h-12 flex-1 items-center justify-center gap-1 rounded-xl bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
                >
                  {t('day.next', { day: number + 1 })}
                  <ChevronRight aria-hidden="true" className="h-5 w-5" />
                </Link>
              ) : (
                <button
                  type="button"
                  disabled
                  className="inline-flex min-h-12 flex-1 cursor-not-allowed items-center justify-center gap-2 rounded-xl border border-dashed border-line bg-surface/60 px-4 text-center font-semibold text-muted"
                >
                  <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {nextWaiting ?? t('day.locked', { day: number + 1 })}
                </button>
              )}
            </div>
            {!isLast && !completed ? <p className="text-center text-sm text-muted">{t('day.preview')}</p> : null}
          </nav>
        </div>
      </div>

      {modalOpen ? (
        <CompletionModal
          title={t('day.modal.title', { day: number })}
          body={isLast ? t('day.modal.lastBody') : t('day.modal.body')}
          primary={isLast ? t('day.modal.journeyComplete') : t('day.modal.comeBackTomorrow')}
          secondary={t('day.modal.continue')}
          onPrimary={onGoOn}
          onSecondary={onContinueListening}
        />
      ) : null}
    </main>
  );
}

const rangeThumb =
  '[&::-webkit-slider-thumb]:-mt-[5px] [&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-primary';
const rangeTrack =
  '[&::-webkit-slider-runnable-track]:h-1.5 [&::-webkit-slider-runnable-track]:rounded-full [&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--fill),var(--color-line)_var(--fill))] ' +
  '[&::-moz-range-track]:h-1.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-line [&::-moz-range-progress]:h-1.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary';

/** The day's audio: play/pause, ±15 s, a seekable position and the time. */
function AudioPanel({ track, loaded }: { track: PlayerTrack; loaded: boolean }) {
  const { t } = useTranslation('player');
  const audio = useAudio();
  const isPlaying = loaded && audio.isPlaying;
  const duration = loaded && audio.duration > 0 ? audio.duration : track.duration;
  const currentTime = loaded ? audio.currentTime : 0;
  const max = Math.max(1, Math.ceil(duration));
  const fill = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  const onPlayPause = () => {
    if (!loaded) audio.play(track);
    else audio.toggle();
  };
  return (
    <section aria-label={track.title} className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-center justify-center gap-6">
        <RoundButton label={t('skipBack', { count: SKIP_SECONDS })} disabled={!loaded} onClick={() => audio.skip(-SKIP_SECONDS)}>
          <SkipIcon icon={<RotateCcw aria-hidden="true" className="h-8 w-8" />} />
        </RoundButton>
        <button
          type="button"
          aria-label={isPlaying ? t('pause') : t('play')}
          onClick={onPlayPause}
          className="flex h-20 w-20 items-center justify-center rounded-full bg-primary text-white shadow-lg transition-transform hover:bg-primary-strong active:scale-95"
        >
          {loaded && audio.isLoading ? (
            <Spinner className="h-8 w-8" />
          ) : isPlaying ? (
            <Pause aria-hidden="true" className="h-9 w-9" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-1 h-9 w-9" fill="currentColor" />
          )}
        </button>
        <RoundButton label={t('skipForward', { count: SKIP_SECONDS })} disabled={!loaded} onClick={() => audio.skip(SKIP_SECONDS)}>
          <SkipIcon icon={<RotateCw aria-hidden="true" className="h-8 w-8" />} />
        </RoundButton>
      </div>
      <input
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.min(Math.floor(currentTime), max)}
        aria-label={t('seek')}
        aria-valuetext={t('position', { elapsed: formatClock(currentTime), total: formatClock(duration) })}
        disabled={!loaded || duration <= 0}
        onChange={(event) => audio.seek(Number(event.target.value))}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        className={`mt-5 h-6 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-default ${rangeTrack} ${rangeThumb}`}
      />
      <p data-testid="day-audio-time" className="mt-1 flex justify-between text-sm text-muted tabular-nums">
        <span>{formatClock(currentTime)}</span>
        <span className="sr-only"> / </span>
        <span>{formatClock(duration)}</span>
      </p>
    </section>
  );
}

function RoundButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-14 w-14 items-center justify-center rounded-full text-ink transition-colors hover:bg-canvas disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function SkipIcon({ icon }: { icon: ReactNode }) {
  return (
    <span className="relative flex items-center justify-center">
      {icon}
      <span aria-hidden="true" className="absolute pt-0.5 text-[10px] font-bold">
        {SKIP_SECONDS}
      </span>
    </span>
  );
}

/** Reflection and Prayer Focus: 25 words and an ellipsis, with See more / See less when longer. */
function Expandable({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('personalized');
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const preview = previewText(text);
  const collapsible = preview !== text;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-surface p-6 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-3 leading-relaxed whitespace-pre-line text-ink">
        {collapsible && !expanded ? preview : text}
      </p>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded((value) => !value)}
          className="mt-3 -ml-2 min-h-11 rounded-full px-2 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          {expanded ? t('day.seeLess') : t('day.seeMore')}
        </button>
      ) : null}
    </section>
  );
}

/** The completion modal: a native modal dialog (focus kept inside; Escape counts as Continue Listening). */
function CompletionModal({
  title,
  body,
  primary,
  secondary,
  onPrimary,
  onSecondary,
}: {
  title: string;
  body: string;
  primary: string;
  secondary: string;
  onPrimary: () => void;
  onSecondary: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onSecondary();
      }}
      className="m-auto w-[calc(100%-2.5rem)] max-w-sm rounded-3xl border border-line bg-surface p-6 text-center shadow-xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm"
    >
      <span aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold">
        <CircleCheck className="h-9 w-9" />
      </span>
      <h2 id={titleId} className="mt-5 font-serif text-2xl text-ink">
        {title}
      </h2>
      <p className="mt-2 text-muted">{body}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button autoFocus onClick={onPrimary}>
          {primary}
        </Button>
        <Button variant="secondary" onClick={onSecondary}>
          {secondary}
        </Button>
      </div>
    </dialog>
  );
}

function DaySkeleton() {
  return (
    <main aria-busy="true" className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <div aria-hidden="true" className="mt-14 grid animate-pulse gap-6 lg:grid-cols-2 lg:gap-10">
        <div className="flex flex-col gap-4">
          <div className="h-3 w-24 rounded bg-line/70" />
          <div className="h-9 w-3/4 rounded bg-line/70" />
          <div className="h-4 w-1/2 rounded bg-line/50" />
          <div className="mt-2 h-44 rounded-3xl border border-line bg-surface" />
        </div>
        <div className="flex flex-col gap-4">
          <div className="h-36 rounded-3xl bg-gold-soft/60" />
          <div className="h-32 rounded-3xl border border-line bg-surface" />
          <div className="h-32 rounded-3xl border border-line bg-surface" />
        </div>
      </div>
    </main>
  );
}
