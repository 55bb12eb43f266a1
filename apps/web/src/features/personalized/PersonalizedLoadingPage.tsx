import { CircleAlert, Quote } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { generationErrorOf } from '@selah/domain/generation-errors';
import { DEFAULT_LANGUAGE, isLanguage } from '@selah/domain/languages';
import {
  canRetry,
  DEFAULT_JOURNEY_TYPE,
  LOADING_TIMEOUT_MS,
  MAX_RETRIES,
  MESSAGE_ROTATION_MS,
  MESSAGE_TRANSITION_MS,
  type JourneyType,
} from '@selah/domain/personalized-rules';
import { Button } from '../../components/Button';
import { DayAudio } from '../../components/journey/DayAudio';
import { isSameTrack, useAudio } from '../../lib/audio';
import type { PlayerTrack } from '@selah/domain/player';
import { firstDayStreamTrack } from '../../lib/tracks';
import { Spinner } from '../../components/Spinner';
import { personalizedPlanPath, personalizedQuizPath, useRetryPersonalizedJourney, type PersonalizedLoadingState } from './api/personalized';
import { routeErrorState } from '../../lib/route-error';
import { useCreateErrorCode, useCreatePersonalizedJourney, useCreateState } from './api/create-personalized-journey';
import { isMalformedId, isMissingJourney, usePersonalizedJourney } from './api/get-personalized-journey';
import { isUuid } from '@selah/domain/ids';
import { dayTitle, journeyTypeOf } from './shared';

/** The fallback poll while generating; live events usually bring the change first. */
export const LOADING_POLL_MS = 5000;

/** The rotating messages, in order (keys of loading.messages). */
const MESSAGES = ['gathering', 'scripture', 'reflections', 'prayers', 'voice', 'almost'] as const;

function loadingStateOf(state: unknown): Partial<PersonalizedLoadingState> {
  if (typeof state !== 'object' || state === null) return {};
  const { journeyId, input, refused } = state as { journeyId?: unknown; input?: unknown; refused?: unknown };
  return {
    journeyId: typeof journeyId === 'string' ? journeyId : undefined,
    input: typeof input === 'string' ? input : undefined,
    refused: typeof refused === 'string' ? refused : undefined,
  };
}

/**
 * /personalized-journey/:journeyType/loading, with { journeyId, input } in the navigation state: rotating
 * messages and "Praying for:" while the journey generates, then the plan page (spec sections 2 and 4). Day 1
 * plays here as soon as its first seconds are voiced (issue 23), and goes on playing on the plan.
 */
export default function PersonalizedLoadingPage() {
  const { t } = useTranslation('personalized');
  const { journeyType } = useParams();
  const location = useLocation();
  const type = journeyTypeOf(journeyType);
  const { journeyId, input, refused } = loadingStateOf(location.state);
  if (!type) return <Navigate to={personalizedQuizPath(DEFAULT_JOURNEY_TYPE)} replace />;
  // Opened without a journey (typed in, bookmarked): the quiz starts one.
  if (journeyId === undefined) return <Navigate to={personalizedQuizPath(type)} replace />;
  if (!isUuid(journeyId)) return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.invalidId'), location.pathname)} />;
  return <Loading key={journeyId} journeyType={type} journeyId={journeyId} input={input ?? ''} refusedBefore={refused} />;
}

function Loading({
  journeyType,
  journeyId,
  input,
  refusedBefore,
}: {
  journeyType: JourneyType;
  journeyId: string;
  input: string;
  /** The code the create call was refused with, as this history entry remembers it (a reload, a later visit). */
  refusedBefore: string | undefined;
}) {
  // The player's words come now: day 1's controls then show (and play) the moment it is voiced, not a locale
  // file later.
  const { t, i18n } = useTranslation(['personalized', 'player']);
  const navigate = useNavigate();
  const location = useLocation();
  const createState = useCreateState(journeyId);
  const createCode = useCreateErrorCode(journeyId);
  // A refused create made no journey: never shown as "Journey not found", also after a reload or minutes later
  // (the call's own state is not kept that long), so the history entry keeps the refusal.
  const refused = createState === 'error' && createCode ? createCode : createState === 'none' ? refusedBefore : undefined;
  useEffect(() => {
    if (createState !== 'error' || !createCode || createCode === refusedBefore) return;
    void navigate(location.pathname, {
      replace: true,
      state: { journeyId, input, refused: createCode } satisfies PersonalizedLoadingState,
    });
  }, [createState, createCode, refusedBefore, navigate, location.pathname, journeyId, input]);
  const createError = createState === 'error' ? (createCode ?? 'FAILED') : refused;
  // At the day's cap, trying again now cannot help.
  const atLimit = refused === ERROR_CODES.journeyDailyLimit;
  const create = useCreatePersonalizedJourney();
  const retry = useRetryPersonalizedJourney();
  // While the quiz's create call is on its way the journey may not exist yet: wait for its answer.
  const journey = usePersonalizedJourney(journeyId, {
    // A refused create (one in progress, the day's cap) made no journey to look at.
    enabled: createState !== 'pending' && createState !== 'error' && refused === undefined,
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? LOADING_POLL_MS : false),
  });
  const [retries, setRetries] = useState(0);
  const [retryFailed, setRetryFailed] = useState(false);
  // The 120 s time-out starts when the page opens, and again with each retry.
  const [waitStarted, setWaitStarted] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, waitStarted + LOADING_TIMEOUT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [waitStarted]);

  const data = journey.data;
  const audio = useAudio();
  const dayOne = data ? firstDayStreamTrack(data, dayTitle(t, 1)) : null;
  // Day 1 plays by itself once, the moment its first seconds are out (the quiz's tap allowed it).
  const played = useRef(false);
  useEffect(() => {
    if (!dayOne || played.current) return;
    played.current = true;
    if (!isSameTrack(audio.track, dayOne)) audio.play(dayOne);
  }, [dayOne, audio]);

  if (data && (data.status === 'active' || data.status === 'completed')) {
    // Day 1 goes on playing there, in the mini bar (its finished file takes over).
    return <Navigate to={personalizedPlanPath(journeyType, journeyId)} replace />;
  }

  const prayingFor = input || data?.input || '';
  // A failed journey's stored error is a code, never shown as it is: the time-out has its own message, anything
  // else (GENERATION_FAILED, none, an unknown one) the spec's "Failed to generate journey".
  const failedMessage = (stored: string | null) =>
    generationErrorOf(stored) === 'GENERATION_TIMED_OUT' ? t('errors.timeout') : t('errors.generateFailed');
  let error: string | null = null;
  if (retryFailed) error = t('errors.retryFailed');
  else if (data?.status === 'failed') error = failedMessage(data.error);
  else if (createError !== undefined) {
    error =
      createError === ERROR_CODES.journeyInProgress ? t('errors.inProgress') : atLimit ? t('errors.dailyLimit') : t('errors.createFailed');
  } else if (!data && journey.isError) {
    error = isMissingJourney(journey.error)
      ? t('errors.notFound')
      : isMalformedId(journey.error)
        ? t('errors.invalidId')
        : t('errors.checkStatus');
  } else if (timedOut) error = t('errors.timeout');

  const onTryAgain = () => {
    if (!canRetry(retries)) return;
    setRetries((count) => count + 1);
    setRetryFailed(false);
    setTimedOut(false);
    setWaitStarted(Date.now());
    if (data?.status === 'failed') {
      retry.mutate(journeyId, { onError: () => setRetryFailed(true) });
    } else if (data) {
      // Still generating after the time-out: keep waiting, with a fresh look at it.
      void journey.refetch();
    } else if (prayingFor) {
      // The journey never got created: the same call again (the same id, so never a second journey).
      const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
      create.mutate({ journeyId, journeyType, input: prayingFor, language });
    } else {
      void journey.refetch();
    }
  };

  if (error) {
    const retriesLeft = MAX_RETRIES - retries;
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-6 py-10 text-center">
        <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-danger/10 text-danger">
          <CircleAlert className="h-8 w-8" />
        </span>
        <h1 className="mt-6 font-serif text-3xl text-ink">{t('loading.errorTitle')}</h1>
        <p role="alert" className="mt-3 text-muted">
          {error}
        </p>
        {prayingFor ? <PrayingFor label={t('loading.prayingFor')} input={prayingFor} /> : null}
        <div className="mt-8 flex w-full flex-col gap-3">
          {atLimit ? null : canRetry(retries) ? (
            <>
              <Button onClick={onTryAgain} disabled={retry.isPending}>
                {retry.isPending ? <Spinner /> : null}
                {t('loading.tryAgain')}
              </Button>
              {retries > 0 ? <p className="text-sm text-muted">{t('loading.retriesLeft', { count: retriesLeft })}</p> : null}
            </>
          ) : retryFailed ? null : (
            <p className="text-sm font-medium text-danger">{t('errors.retryFailed')}</p>
          )}
          <Link
            to="/dashboard"
            className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line bg-surface px-5 font-semibold text-ink hover:bg-canvas"
          >
            {t('loading.back')}
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main aria-busy="true" className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-6 py-10 text-center">
      <div
        aria-hidden="true"
        className="flex h-28 w-28 items-center justify-center rounded-full bg-gold-soft shadow-[0_0_70px_rgba(184,137,58,0.35)]"
      >
        <div className="h-14 w-14 animate-breathe rounded-full bg-gold/80" />
      </div>
      <h1 className="mt-10 font-serif text-3xl text-ink">{t('loading.title')}</h1>
      <RotatingMessage messages={MESSAGES.map((key) => t(`loading.messages.${key}`))} />
      {prayingFor ? <PrayingFor label={t('loading.prayingFor')} input={prayingFor} /> : null}
      {dayOne ? <FirstDay track={dayOne} /> : <p className="mt-8 text-sm text-muted">{t('loading.hint')}</p>}
    </main>
  );
}

/**
 * Day 1 while the other days are made: its controls (the mini bar stays hidden while they show; leaving this
 * page, or an error taking their place, keeps it playing there).
 */
function FirstDay({ track }: { track: PlayerTrack }) {
  const { t } = useTranslation('personalized');
  const audio = useAudio();
  const hearing = isSameTrack(audio.track, track);
  const { maximize, minimize } = audio;
  useEffect(() => {
    if (!hearing) return;
    maximize();
    return () => minimize();
  }, [hearing, maximize, minimize]);
  return (
    <section aria-labelledby="first-day-title" className="mt-6 w-full text-left">
      <h2 id="first-day-title" className="text-xs font-semibold tracking-wide text-gold uppercase">
        {t('loading.firstDay')}
      </h2>
      <p className="mt-1 mb-3 font-serif text-xl text-ink">{track.title}</p>
      <DayAudio track={track} timeTestId="first-day-time" />
      <p className="mt-3 text-sm text-muted">{t('loading.firstDayHint')}</p>
    </section>
  );
}

function PrayingFor({ label, input }: { label: string; input: string }) {
  return (
    <figure className="mt-8 w-full rounded-3xl border border-line bg-surface p-5 text-left shadow-sm">
      <figcaption className="flex items-center gap-2 text-xs font-semibold tracking-wide text-gold uppercase">
        <Quote aria-hidden="true" className="h-4 w-4" />
        {label}
      </figcaption>
      <blockquote className="mt-2 font-serif text-lg leading-relaxed break-words whitespace-pre-line text-ink">{input}</blockquote>
    </figure>
  );
}

/** One message at a time: every MESSAGE_ROTATION_MS it fades out and the next fades in (MESSAGE_TRANSITION_MS). */
function RotatingMessage({ messages }: { messages: string[] }) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let swap: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      swap = setTimeout(() => {
        setIndex((current) => (current + 1) % messages.length);
        setVisible(true);
      }, MESSAGE_TRANSITION_MS);
    }, MESSAGE_ROTATION_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(swap);
    };
  }, [messages.length]);
  return (
    <p
      data-testid="loading-message"
      style={{ transitionDuration: `${MESSAGE_TRANSITION_MS}ms` }}
      className={`mt-3 min-h-7 text-lg text-muted transition-opacity ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      {messages[index % messages.length]}
    </p>
  );
}
