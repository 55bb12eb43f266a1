import { CalendarDays, Check, Clock, Pause, Play, RotateCcw, Route, Sparkles } from 'lucide-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  dayDurationSeconds,
  journeyCardState,
  journeyDayState,
  journeyTargetDay,
  type JourneyCardState,
  type JourneyDay,
  type JourneyDayState,
  type JourneyDetail,
  type Progress,
} from '@selah/domain/journey-rules';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { BackLink } from '../../components/journey/BackLink';
import { DayRowsSkeleton } from '../../components/journey/DayRowsSkeleton';
import { PlanPanel } from '../../components/journey/PlanPanel';
import { journeyCover, JourneyProgressBar } from '../../components/JourneyCard';
import { useAuth } from '../../lib/auth';
import { useDurations } from '../../lib/durations';
import { routeErrorState, useRouteError } from '../../lib/route-error';
import { DownloadJourneyButton } from '../../components/journey/DownloadJourneyButton';
import { isMissingJourney, useJourney } from './api/get-journey';
import { useJourneyProgress } from './api/get-journey-progress';
import { useJourneyProgressAction } from './api/update-journey-progress';
import { LoadFailed } from './LoadFailed';
import { dayPath, dayTrack } from './paths';
import { DayChip, DayRow, type DayRowLook } from '../../components/journey/DayRow';

/** Rows shown while the journey loads (spec section 2). */
const SKELETON_ROWS = 7;

/** /journey-plan/:journeyId: hero, the Ready to Begin / Journey Paused panel, and the day list (spec section 2). */
export default function JourneyPlanPage() {
  const { journeyId = '' } = useParams();
  return <JourneyPlan key={journeyId} journeyId={journeyId} />;
}

function JourneyPlan({ journeyId }: { journeyId: string }) {
  const { t, i18n } = useTranslation('journeys');
  const language = i18n.resolvedLanguage ?? 'en';
  const location = useLocation();
  const { user } = useAuth();
  const journey = useJourney(journeyId, language);
  const progress = useJourneyProgress(journeyId);
  const [error, showError] = useRouteError();

  // An unknown or malformed journey goes back to the dashboard, which shows the error (spec section 5).
  if (journey.isError && isMissingJourney(journey.error)) {
    return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.loadJourney'), location.pathname)} />;
  }

  const progressPending = user !== null && progress.isPending;
  const loading = journey.isPending || progressPending;

  return (
    <main className="mx-auto max-w-5xl px-5 pt-6 pb-8" aria-busy={loading}>
      <BackLink to="/dashboard">{t('plan.back')}</BackLink>
      <ErrorNotice message={error} className="mt-3" />
      {loading ? (
        <PlanSkeleton />
      ) : journey.isError ? (
        <LoadFailed message={t('errors.loadJourney')} retry={t('errors.tryAgain')} onRetry={() => void journey.refetch()} />
      ) : (
        <Plan
          detail={journey.data}
          progress={user ? (progress.data ?? null) : null}
          progressFailed={user !== null && progress.isError}
          onRetryProgress={() => void progress.refetch()}
          showError={showError}
        />
      )}
    </main>
  );
}

function Plan({
  detail,
  progress,
  progressFailed,
  onRetryProgress,
  showError,
}: {
  detail: JourneyDetail;
  progress: Progress | null;
  progressFailed: boolean;
  onRetryProgress: () => void;
  showError: (message: string) => void;
}) {
  const { t } = useTranslation('journeys');
  const durations = useDurations();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const act = useJourneyProgressAction(detail.id);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const total = detail.days.length || detail.totalDays;
  const completedDays = progress?.completedDays ?? [];
  const completedCount = progress?.stats.completedCount ?? 0;
  const state = journeyCardState(progress, total);
  const target = journeyTargetDay(progress, total);
  const busy = act.isPending;

  const toLogin = () => void navigate('/login', { state: { from: location.pathname } });
  const openDay = (day: number) => void navigate(dayPath(detail.id, day));

  /** Start Journey (and Day 1 before the start): creates the progress, then opens day 1. */
  const start = () => {
    if (!user) return toLogin();
    act.mutate({ action: 'start' }, { onSuccess: () => openDay(1), onError: () => showError(t('errors.start')) });
  };
  const resume = () =>
    act.mutate(
      { action: 'reactivate' },
      { onSuccess: (answer) => openDay(journeyTargetDay(answer, total)), onError: () => showError(t('errors.reactivate')) },
    );
  const pause = () => act.mutate({ action: 'deactivate' }, { onError: () => showError(t('errors.deactivate')) });
  const reset = () =>
    act.mutate({ action: 'reset' }, { onSuccess: () => setConfirmingReset(false), onError: () => showError(t('errors.reset')) });

  const meta = (
    <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold text-gold">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        {t('card.days', { count: total })}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {durations.minutes(detail.totalDuration)}
      </span>
    </p>
  );

  const cover = journeyCover(detail.id);
  const resetActions = confirmingReset ? (
    <div className="mt-4 rounded-2xl border border-line bg-canvas p-4">
      <p className="text-sm text-ink">{t('plan.confirmReset.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="danger" disabled={busy} onClick={reset} className="min-h-11 text-sm">
          {t('plan.confirmReset.confirm')}
        </Button>
        <Button variant="secondary" onClick={() => setConfirmingReset(false)} className="min-h-11 text-sm">
          {t('plan.confirmReset.cancel')}
        </Button>
      </div>
    </div>
  ) : null;

  let panel: ReactNode;
  if (progressFailed) {
    panel = <LoadFailed message={t('errors.loadData')} retry={t('errors.tryAgain')} onRetry={onRetryProgress} />;
  } else {
    switch (state) {
      case 'new':
        panel = (
          <PlanPanel icon={<Sparkles className="h-6 w-6" />} title={t('plan.ready.title')} body={t('plan.ready.body')}>
            <Button onClick={start} disabled={busy} className="w-full sm:w-auto">
              <Play aria-hidden="true" className="h-5 w-5" fill="currentColor" />
              {t('plan.ready.action')}
            </Button>
            {user ? null : <p className="mt-3 text-sm text-muted">{t('plan.ready.signIn')}</p>}
          </PlanPanel>
        );
        break;
      case 'paused':
        panel = (
          <PlanPanel icon={<Pause className="h-6 w-6" />} title={t('plan.paused.title')} body={t('plan.paused.body', { day: target })}>
            <Button onClick={resume} disabled={busy} className="w-full sm:w-auto">
              <Play aria-hidden="true" className="h-5 w-5" fill="currentColor" />
              {t('plan.paused.action')}
            </Button>
          </PlanPanel>
        );
        break;
      case 'in_progress':
        panel = (
          <PlanPanel
            icon={<Route className="h-6 w-6" />}
            title={t('plan.active.title', { day: target })}
            body={detail.days.find((day) => day.dayNumber === target)?.title ?? ''}
          >
            <Button onClick={() => openDay(target)} className="w-full sm:w-auto">
              <Play aria-hidden="true" className="h-5 w-5" fill="currentColor" />
              {t('plan.active.action', { day: target })}
            </Button>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={pause} disabled={busy} className="min-h-11 text-sm">
                <Pause aria-hidden="true" className="h-4 w-4" />
                {t('plan.active.pause')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingReset(true)} disabled={busy} className="min-h-11 text-sm">
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                {t('plan.active.reset')}
              </Button>
            </div>
            {resetActions}
          </PlanPanel>
        );
        break;
      case 'completed':
        panel = (
          <PlanPanel icon={<Check className="h-6 w-6" />} title={t('plan.completed.title')} body={t('plan.completed.body')}>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => openDay(1)}>
                <Play aria-hidden="true" className="h-5 w-5" fill="currentColor" />
                {t('action.replay')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingReset(true)} disabled={busy}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                {t('plan.active.reset')}
              </Button>
            </div>
            {resetActions}
          </PlanPanel>
        );
        break;
    }
  }

  /** Day 1 of a journey not started yet starts it (spec section 4) before it opens. */
  const onDayClick = (event: MouseEvent<HTMLAnchorElement>, day: number) => {
    if (day !== 1 || !user || progress || progressFailed) return;
    event.preventDefault();
    start();
  };

  return (
    // One column on phones (hero, panel, days); on wide screens the hero on the left and the panel above the
    // days on the right, so the main action is in view without scrolling.
    <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-10">
      <section
        aria-labelledby="journey-title"
        className="overflow-hidden rounded-3xl border border-line bg-surface shadow-sm lg:row-span-3"
      >
        <div className={`relative flex h-28 items-end bg-gradient-to-br ${cover.gradient} px-6 pb-4 text-white sm:h-32`}>
          <Route aria-hidden="true" className="absolute top-5 right-6 h-10 w-10 text-white/40" />
          <p className="text-xs font-semibold tracking-[0.2em] text-white/90 uppercase">{t('plan.eyebrow')}</p>
        </div>
        <div className="p-6">
          <h1 id="journey-title" className="font-serif text-3xl leading-tight text-ink">
            {detail.title}
          </h1>
          <p className="mt-1 text-lg text-muted">{detail.subtitle}</p>
          {meta}
          {detail.description ? <p className="mt-4 leading-relaxed text-ink">{detail.description}</p> : null}
          <div className="mt-5">
            <JourneyProgressBar
              completed={completedCount}
              total={total}
              caption={t('plan.progress', { completed: completedCount, total })}
              label={t('card.progressLabel')}
            />
          </div>
          <div className="mt-4">
            <DownloadJourneyButton tracks={detail.days.flatMap((day) => dayTrack(day) ?? [])} group={detail.title} />
          </div>
        </div>
      </section>
      <div className="lg:col-start-2">{panel}</div>

      <div className="lg:col-start-2">
        <section aria-labelledby="days-title">
          <h2 id="days-title" className="mb-3 text-xl font-semibold text-ink">
            {t('plan.days')}
          </h2>
          <ol className="flex flex-col gap-3">
            {detail.days.map((day) => (
              <li key={day.dayNumber}>
                <PlanDayRow
                  day={day}
                  state={journeyDayState(day.dayNumber, total, completedDays)}
                  to={dayPath(detail.id, day.dayNumber)}
                  onClick={(event) => onDayClick(event, day.dayNumber)}
                />
              </li>
            ))}
          </ol>
        </section>
        <Encouragement state={state} />
      </div>
    </div>
  );
}

const dayLook: Record<JourneyDayState, DayRowLook> = { completed: 'completed', current: 'current', unlocked: 'open', locked: 'locked' };

function PlanDayRow({
  day,
  state,
  to,
  onClick,
}: {
  day: JourneyDay;
  state: JourneyDayState;
  to: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useTranslation('journeys');
  const { duration } = useDurations();
  const chip =
    state === 'completed' ? (
      <DayChip tone="completed">{t('plan.dayState.completed')}</DayChip>
    ) : state === 'current' ? (
      <DayChip tone="current">{t('plan.dayState.current')}</DayChip>
    ) : null;
  return (
    <DayRow
      number={day.dayNumber}
      dayLabel={t('plan.dayNumber', { day: day.dayNumber })}
      title={day.title}
      detail={duration(dayDurationSeconds(day.duration))}
      look={dayLook[state]}
      chip={chip}
      hiddenState={state === 'locked' ? t('plan.dayState.locked') : undefined}
      to={to}
      onClick={onClick}
      dataState={state}
    />
  );
}

function Encouragement({ state }: { state: JourneyCardState }) {
  const { t } = useTranslation('journeys');
  return (
    <p className="mt-6 flex items-start gap-3 rounded-2xl bg-surface/70 px-5 py-4 font-serif text-lg leading-relaxed text-ink/80 italic">
      <Sparkles aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-gold" />
      {t(`plan.encouragement.${state}`)}
    </p>
  );
}

function PlanSkeleton() {
  return (
    <div aria-hidden="true" className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-10">
      <div className="flex flex-col gap-6">
        <div className="animate-pulse overflow-hidden rounded-3xl border border-line bg-surface">
          <div className="h-28 bg-line/60 sm:h-32" />
          <div className="flex flex-col gap-3 p-6">
            <div className="h-7 w-2/3 rounded bg-line/70" />
            <div className="h-4 w-1/2 rounded bg-line/50" />
            <div className="h-4 w-full rounded bg-line/50" />
          </div>
        </div>
      </div>
      <DayRowsSkeleton count={SKELETON_ROWS} testId="day-skeleton" />
    </div>
  );
}
