import { ChevronLeft, Compass, Lock, LogIn } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  FIXED_COMPLETION_THRESHOLD,
  isDayUnlocked,
  journeyTargetDay,
  parseJourneyRouteId,
  shouldOfferCompletion,
  type JourneyDay,
  type JourneyDetail,
  type Progress,
} from '@selah/domain/journey-rules';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CompletionDialog } from '../../components/journey/CompletionDialog';
import { DayAudio } from '../../components/journey/DayAudio';
import { DayNav, LockedNextDay, NextDayLink, PreviousDayLink } from '../../components/journey/DayNav';
import { DaySkeleton } from '../../components/journey/DaySkeleton';
import { ExpandableText } from '../../components/journey/ExpandableText';
import { VerseCard } from '../../components/journey/VerseCard';
import { isSameTrack, useAudio } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { routeErrorState, useRouteError } from '../../lib/route-error';
import { notify } from '../../lib/toast';
import { isMissingJourney, useJourney } from './api/get-journey';
import { useJourneyProgress } from './api/get-journey-progress';
import { useJourneyProgressAction } from './api/update-journey-progress';
import { LoadFailed } from './LoadFailed';
import { dayPath, dayTrack, KEEP_AUDIO, keepsAudio, planPath } from './paths';

/** While a day plays, where the user is listening is saved this often (and on every pause). */
export const PLAYBACK_RECORD_MS = 15_000;

/** /journey-day/:journeyId/:dayId (spec section 2). Ids are parsed as integers; a bad day goes back to the plan. */
export default function JourneyDayPage() {
  const { journeyId = '', dayId = '' } = useParams();
  const { t } = useTranslation('journeys');
  const location = useLocation();
  const day = parseJourneyRouteId(dayId);
  if (day === null) return <Navigate to={planPath(journeyId)} replace state={routeErrorState(t('errors.loadDay'), location.pathname)} />;
  return <JourneyDayLoader key={`${journeyId}/${day}`} journeyId={journeyId} day={day} />;
}

function JourneyDayLoader({ journeyId, day }: { journeyId: string; day: number }) {
  const { t, i18n } = useTranslation('journeys');
  const language = i18n.resolvedLanguage ?? 'en';
  const location = useLocation();
  const { user } = useAuth();
  const journey = useJourney(journeyId, language);
  const progress = useJourneyProgress(journeyId);

  if (journey.isError && isMissingJourney(journey.error)) {
    return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.loadJourney'), location.pathname)} />;
  }
  const content = journey.data?.days.find((entry) => entry.dayNumber === day);
  if (journey.data && !content) {
    return <Navigate to={planPath(journeyId)} replace state={routeErrorState(t('errors.loadDay'), location.pathname)} />;
  }

  const progressPending = user !== null && progress.isPending;
  if (journey.isPending || progressPending) return <DaySkeleton />;
  if (journey.isError || (user !== null && progress.isError)) {
    return (
      <main className="mx-auto max-w-2xl px-5 pt-6 pb-8">
        <LoadFailed
          message={t(journey.isError ? 'errors.loadDay' : 'errors.loadData')}
          retry={t('errors.tryAgain')}
          onRetry={() => void (journey.isError ? journey.refetch() : progress.refetch())}
        />
      </main>
    );
  }
  return <DayView detail={journey.data} content={content!} progress={user ? (progress.data ?? null) : null} />;
}

function DayView({ detail, content, progress }: { detail: JourneyDetail; content: JourneyDay; progress: Progress | null }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const [error, showError] = useRouteError();
  const act = useJourneyProgressAction(detail.id);
  const { mutate: recordPlayback } = useJourneyProgressAction(detail.id);

  const day = content.dayNumber;
  const total = detail.days.length || detail.totalDays;
  const completedDays = progress?.completedDays ?? [];
  const isCompleted = completedDays.includes(day);
  const unlocked = isDayUnlocked(day, completedDays);
  // The next day opens from an open day only: a locked day's next day is locked too, whatever the progress says.
  const nextUnlocked = unlocked && isDayUnlocked(day + 1, completedDays);
  const isLast = day >= total;

  const track = useMemo(() => dayTrack(content), [content]);
  const audio = useAudio();
  const { maximize, minimize, pause, onEnded } = audio;
  const loaded = track !== null && isSameTrack(audio.track, track);
  const fraction = loaded ? audio.progress / 100 : 0;

  // The page is this day's player: its track shows here, not in the minimized bar; leaving keeps it playing,
  // minimized. Arriving without keepAudio pauses any other audio; with it (previous / next day, the bar), that
  // audio plays on.
  const keepAudio = keepsAudio(location.state);
  const live = useRef({ track: audio.track, isPlaying: audio.isPlaying });
  useEffect(() => {
    live.current = { track: audio.track, isPlaying: audio.isPlaying };
  });
  useEffect(() => {
    const current = live.current;
    if (track && isSameTrack(current.track, track)) maximize();
    else if (!keepAudio && current.track && current.isPlaying) pause();
    const latest = live;
    return () => {
      if (track && isSameTrack(latest.current.track, track)) minimize();
    };
  }, [track, keepAudio, maximize, minimize, pause]);

  // Where the user is listening is saved every 15 s while playing and on pause, so Resume and the day pick up
  // there. Signed in and unlocked only (the server refuses a locked day).
  const canRecord = user !== null && unlocked && loaded;
  const playing = loaded && audio.isPlaying;
  const fractionRef = useRef(fraction);
  useEffect(() => {
    fractionRef.current = fraction;
  });
  useEffect(() => {
    if (!canRecord || !playing) return;
    const send = () => {
      const audioProgress = Math.min(1, Math.max(0, fractionRef.current));
      recordPlayback(
        { action: 'playback', day, audioProgress },
        { onError: (failure) => console.warn('journey playback not saved', failure) },
      );
    };
    const timer = setInterval(send, PLAYBACK_RECORD_MS);
    return () => {
      clearInterval(timer);
      send();
    };
  }, [canRecord, playing, day, recordPlayback]);

  // The completion modal opens at 92% or at the end of the audio, once, for a day not completed yet.
  const [endedSeen, setEndedSeen] = useState(false);
  useEffect(() => {
    if (!track) return;
    return onEnded((ended) => {
      if (isSameTrack(ended, track)) setEndedSeen(true);
    });
  }, [track, onEnded]);
  const [prompt, setPrompt] = useState<'idle' | 'open' | 'done'>('idle');
  const reached = endedSeen ? 1 : fraction;
  const eligible = user !== null && unlocked && (loaded || endedSeen);
  if (prompt === 'idle' && eligible && shouldOfferCompletion(reached, FIXED_COMPLETION_THRESHOLD, isCompleted)) setPrompt('open');

  const complete = (stay: boolean) => {
    setPrompt('done');
    act.mutateAsync({ action: 'complete', day }).catch(() => {
      // Still here: the page's own error line; already on the next day: a toast.
      if (stay) showError(t('errors.complete'));
      else notify.error(t('errors.complete'));
    });
    if (stay) return;
    if (isLast) void navigate(planPath(detail.id));
    else void navigate(dayPath(detail.id, day + 1), { state: KEEP_AUDIO });
  };

  const resumeFrom =
    progress &&
    progress.lastPlayedDay === day &&
    content.duration &&
    progress.audioProgress > 0 &&
    progress.audioProgress < FIXED_COMPLETION_THRESHOLD
      ? progress.audioProgress * content.duration
      : null;

  const locked = !unlocked;
  const currentDay = journeyTargetDay(progress, total);

  return (
    <main className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <Link
        to={planPath(detail.id)}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full pr-3 pl-1 text-sm font-semibold text-muted hover:bg-surface hover:text-ink"
      >
        <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        <span className="truncate">{detail.title}</span>
      </Link>
      <ErrorNotice message={error} className="mt-3" />

      <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-10">
        <div className="flex flex-col gap-6">
          <header>
            <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{t('day.eyebrow', { day, total })}</p>
            <h1 className="mt-2 font-serif text-3xl leading-tight text-ink sm:text-4xl">{content.title}</h1>
            {content.subtitle ? <p className="mt-2 text-lg text-muted">{content.subtitle}</p> : null}
          </header>

          {locked ? (
            <LockedDay signedIn={user !== null} currentDay={currentDay} journeyId={detail.id} />
          ) : track ? (
            <DayAudio track={track} resumeFrom={resumeFrom} timeTestId="journey-audio-time" />
          ) : (
            <p className="rounded-3xl border border-line bg-surface p-6 text-muted shadow-sm">{t('day.noAudio')}</p>
          )}

          {!locked && !user ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              {t('day.signIn')}
              <Link
                to="/login"
                state={{ from: location.pathname }}
                className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
              >
                <LogIn aria-hidden="true" className="h-4 w-4" />
                {t('day.signInAction')}
              </Link>
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          {locked ? null : (
            <>
              <VerseCard title={t('day.verse')} text={content.bibleVerse.text} reference={content.bibleVerse.reference} />
              <ExpandableText
                title={t('day.reflection')}
                text={content.reflection}
                seeMore={t('day.seeMore')}
                seeLess={t('day.seeLess')}
                tidyEllipsis
              />
              <ExpandableText
                title={t('day.prayer')}
                text={content.prayer}
                seeMore={t('day.seeMore')}
                seeLess={t('day.seeLess')}
                tidyEllipsis
              />
            </>
          )}

          {/* "Complete today's session to unlock" once: a locked day's own panel already says it. */}
          <DayNav label={t('plan.days')} hint={!isLast && !nextUnlocked && !locked ? t('day.preview') : null}>
            {day > 1 ? (
              <PreviousDayLink to={dayPath(detail.id, day - 1)} state={KEEP_AUDIO}>
                {t('day.previous', { day: day - 1 })}
              </PreviousDayLink>
            ) : null}
            {isLast ? (
              <Link
                to="/dashboard"
                className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
              >
                <Compass aria-hidden="true" className="h-5 w-5" />
                {t('day.discoverMore')}
              </Link>
            ) : nextUnlocked ? (
              <NextDayLink to={dayPath(detail.id, day + 1)} state={KEEP_AUDIO}>
                {t('day.next', { day: day + 1 })}
              </NextDayLink>
            ) : (
              <LockedNextDay>{t('day.locked', { day: day + 1 })}</LockedNextDay>
            )}
          </DayNav>
        </div>
      </div>

      <CompletionDialog
        open={prompt === 'open'}
        title={t('day.modal.title', { day })}
        body={t('day.modal.body')}
        goOnLabel={isLast ? t('day.modal.finish') : t('day.modal.next', { day: day + 1 })}
        continueLabel={t('day.modal.continue')}
        onGoOn={() => complete(false)}
        onContinue={() => complete(true)}
      />
    </main>
  );
}

function LockedDay({ signedIn, currentDay, journeyId }: { signedIn: boolean; currentDay: number; journeyId: string }) {
  const { t } = useTranslation('journeys');
  const location = useLocation();
  return (
    <section aria-labelledby="locked-title" className="rounded-3xl border border-line bg-surface p-6 text-center shadow-sm">
      <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-line/60 text-muted">
        <Lock className="h-6 w-6" />
      </span>
      <h2 id="locked-title" className="mt-4 font-serif text-2xl text-ink">
        {t('day.lockedDay.title')}
      </h2>
      <p className="mt-2 text-muted">{signedIn ? t('day.lockedDay.body') : t('day.signIn')}</p>
      {signedIn ? (
        <Link
          to={dayPath(journeyId, currentDay)}
          className="mt-5 inline-flex min-h-12 items-center justify-center rounded-xl bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
        >
          {t('day.lockedDay.action', { day: currentDay })}
        </Link>
      ) : (
        <Link
          to="/login"
          state={{ from: location.pathname }}
          className="mt-5 inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
        >
          <LogIn aria-hidden="true" className="h-5 w-5" />
          {t('day.signInAction')}
        </Link>
      )}
    </section>
  );
}
