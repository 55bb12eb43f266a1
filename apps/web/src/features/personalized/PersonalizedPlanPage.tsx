import { CalendarDays, Clock, HeartHandshake, PartyPopper, Play, Quote, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import {
  ANCESTORS_DEFAULTS,
  CLOCK_REFRESH_MS,
  DEFAULT_JOURNEY_TYPE,
  personalizedPlanStatus,
  type JourneyType,
  type PersonalizedJourneyDetail,
} from '@selah/domain/personalized-rules';
import { inSentence } from '@selah/domain/text';
import { ErrorNotice } from '../../components/ErrorNotice';
import { BackLink } from '../../components/journey/BackLink';
import { DayRowsSkeleton } from '../../components/journey/DayRowsSkeleton';
import { PlanPanel } from '../../components/journey/PlanPanel';
import { JourneyProgressBar } from '../../components/JourneyCard';
import { useDurations } from '../../lib/durations';
import { personalizedDayPath, personalizedLoadingPath, type PersonalizedLoadingState } from './api/personalized';
import { routeErrorState, useRouteError } from '../../lib/route-error';
import { isMalformedId, isMissingJourney, usePersonalizedJourney } from './api/get-personalized-journey';
import { isUuid } from '@selah/domain/ids';
import { countdownText, dayCardState, dayTitle, journeyTypeOf, timeLeft, useNow, type DayCardState } from './shared';
import { personalizedDayTrack } from '../../lib/tracks';
import { DownloadJourneyButton } from '../../components/journey/DownloadJourneyButton';
import { DayChip, DayRow, type DayRowLook } from '../../components/journey/DayRow';

/**
 * /personalized-journey/:journeyType/plan/:journeyId and /personalized-journey/plan/:journeyId: the 7 day
 * cards with their fixed titles, each completed, open (New day is available!) or waiting with its countdown.
 */
export default function PersonalizedPlanPage() {
  const { t } = useTranslation('personalized');
  const { journeyType, journeyId } = useParams();
  const { pathname } = useLocation();
  if (!isUuid(journeyId)) return <Navigate to="/dashboard" replace state={routeErrorState(t('errors.invalidId'), pathname)} />;
  return <Plan key={journeyId} journeyId={journeyId} journeyType={journeyTypeOf(journeyType) ?? DEFAULT_JOURNEY_TYPE} />;
}

function Plan({ journeyId, journeyType }: { journeyId: string; journeyType: JourneyType }) {
  const { t } = useTranslation('personalized');
  const { pathname } = useLocation();
  const journey = usePersonalizedJourney(journeyId);
  const [routeError] = useRouteError();

  const data = journey.data;
  if (data === undefined) {
    // A failed refetch keeps the journey shown; only a journey that never loaded leaves the page.
    if (!journey.isError) return <PlanSkeleton />;
    const message = isMissingJourney(journey.error)
      ? t('errors.notFound')
      : isMalformedId(journey.error)
        ? t('errors.invalidId')
        : t('errors.loadJourney');
    return <Navigate to="/dashboard" replace state={routeErrorState(message, pathname)} />;
  }
  // Not written yet, or failed: the loading page waits for it or offers Try Again.
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
  if (data.days.length === 0 && journey.isFetching) return <PlanSkeleton />;
  return <PlanView journey={data} journeyType={journeyType} routeError={routeError} />;
}

function PlanView({
  journey,
  journeyType,
  routeError,
}: {
  journey: PersonalizedJourneyDetail;
  journeyType: JourneyType;
  routeError: string | null;
}) {
  const { t } = useTranslation('personalized');
  const durations = useDurations();
  const now = useNow(CLOCK_REFRESH_MS);
  const status = personalizedPlanStatus(journey, journey.days, now);
  const completed = journey.days.filter((day) => day.status === 'completed').length;
  const total = journey.totalDays;
  const dayOf = (number: number) => journey.days.find((day) => day.dayNumber === number);
  const dayPath = (number: number) => personalizedDayPath(journeyType, journey.id, number);

  const tracks = journey.days.flatMap((day) => personalizedDayTrack(journey, day, dayTitle(t, day.dayNumber), journeyType) ?? []);

  let panel: ReactNode = null;
  if (status.kind === 'open') {
    panel = (
      <PlanPanel
        icon={<Sparkles className="h-6 w-6" />}
        title={t('plan.newDay')}
        body={`${t('plan.dayNumber', { day: status.day })}: ${dayTitle(t, status.day)}`}
      >
        <Link
          to={dayPath(status.day)}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-primary px-5 font-semibold text-white transition-colors hover:bg-primary-strong sm:w-auto"
        >
          <Play aria-hidden="true" className="h-5 w-5" fill="currentColor" />
          {status.begin ? t('plan.begin') : t('plan.continue')}
        </Link>
      </PlanPanel>
    );
  } else if (status.kind === 'waiting') {
    const left = countdownText(t, timeLeft(status.availableAt, now));
    panel = (
      <PlanPanel icon={<Clock className="h-6 w-6" />} title={left ?? t('plan.newDay')} body={t('plan.waitingBody')}>
        <p className="text-sm font-semibold text-gold">{`${t('plan.dayNumber', { day: status.day })}: ${dayTitle(t, status.day)}`}</p>
      </PlanPanel>
    );
  } else if (status.kind === 'completed') {
    panel = <PlanPanel icon={<PartyPopper className="h-6 w-6" />} title={t('plan.finished.title')} body={t('plan.finished.body')} />;
  }

  return (
    <main className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <BackLink to="/dashboard">{t('plan.back')}</BackLink>
      <ErrorNotice message={routeError} className="mt-3" />

      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start lg:gap-10">
        <div className="flex flex-col gap-6 lg:sticky lg:top-6">
          <section aria-labelledby="plan-title" className="overflow-hidden rounded-3xl border border-line bg-surface shadow-sm">
            <div className="relative flex h-32 items-end bg-gradient-to-br from-[#6d597a] to-[#b56576] px-6 pb-4 text-white sm:h-40">
              <HeartHandshake aria-hidden="true" className="absolute top-5 right-6 h-10 w-10 text-white/40" />
              <p className="text-xs font-semibold tracking-[0.2em] text-white/90 uppercase">{t('plan.eyebrow')}</p>
            </div>
            <div className="p-6">
              <h1 id="plan-title" className="font-serif text-3xl leading-tight text-ink">
                {journey.title ?? t('plan.defaultTitle')}
              </h1>
              {journey.subtitle ? <p className="mt-1 text-lg text-muted">{journey.subtitle}</p> : null}
              <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold text-gold">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden="true" className="h-4 w-4" />
                  {t('dashboard.days', { count: ANCESTORS_DEFAULTS.totalDays })}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="h-4 w-4" />
                  {durations.minutes(ANCESTORS_DEFAULTS.totalDuration)}
                </span>
              </p>
              {/* The written subtitle usually names the people already; otherwise their words are shown here. */}
              {namesThePeople(journey) ? null : (
                <figure className="mt-5 rounded-2xl bg-canvas p-4">
                  <figcaption className="flex items-center gap-2 text-xs font-semibold tracking-wide text-gold uppercase">
                    <Quote aria-hidden="true" className="h-4 w-4" />
                    {t('plan.prayingFor')}
                  </figcaption>
                  <blockquote className="mt-2 font-serif text-lg leading-relaxed break-words whitespace-pre-line text-ink">
                    {journey.input}
                  </blockquote>
                </figure>
              )}
              <div className="mt-5">
                <JourneyProgressBar
                  completed={completed}
                  total={total}
                  caption={t('plan.progress', { completed, total })}
                  label={t('plan.progressLabel')}
                />
              </div>
              <div className="mt-4">
                <DownloadJourneyButton tracks={tracks} group={journey.title ?? t('plan.defaultTitle')} />
              </div>
            </div>
          </section>
          {panel}
        </div>

        <section aria-labelledby="plan-days">
          <h2 id="plan-days" className="mb-3 text-xl font-semibold text-ink">
            {t('plan.days')}
          </h2>
          <ol className="flex flex-col gap-3">
            {Array.from({ length: total }, (_, index) => {
              const number = index + 1;
              const day = dayOf(number);
              const state = dayCardState(day, dayOf(number - 1), now);
              const detail =
                state === 'waiting' && day
                  ? countdownText(t, timeLeft(day.availableAt, now))
                  : state === 'locked'
                    ? t('plan.locked', { day: number - 1 })
                    : day?.duration
                      ? durations.duration(day.duration)
                      : null;
              return (
                <li key={number}>
                  <PlanDayRow number={number} title={dayTitle(t, number)} detail={detail} state={state} to={dayPath(number)} />
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </main>
  );
}

/** Whether the written subtitle carries the person's words (mid-sentence, so perhaps with a small first letter). */
function namesThePeople({ subtitle, input, language }: PersonalizedJourneyDetail): boolean {
  if (!subtitle) return false;
  const words = input.trim();
  return subtitle.includes(words) || subtitle.includes(inSentence(words, language));
}

const dayLook: Record<DayCardState, DayRowLook> = { completed: 'completed', open: 'current', waiting: 'waiting', locked: 'locked' };

/** One day: its number, fixed title, and what it waits for (or its length once it can be heard). */
function PlanDayRow({
  number,
  title,
  detail,
  state,
  to,
}: {
  number: number;
  title: string;
  detail: string | null;
  state: DayCardState;
  to: string;
}) {
  const { t } = useTranslation('personalized');
  const chip =
    state === 'completed' ? (
      <DayChip tone="completed">{t('plan.completed')}</DayChip>
    ) : state === 'open' ? (
      <DayChip tone="current">{t('plan.openNow')}</DayChip>
    ) : null;
  return (
    <DayRow
      number={number}
      dayLabel={t('plan.dayNumber', { day: number })}
      title={title}
      detail={detail}
      look={dayLook[state]}
      chip={chip}
      to={to}
      dataState={state}
      testId={`plan-day-${number}`}
    />
  );
}

function PlanSkeleton() {
  return (
    <main aria-busy="true" className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <div aria-hidden="true" className="mt-15 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-10">
        <div className="animate-pulse overflow-hidden rounded-3xl border border-line bg-surface">
          <div className="h-32 bg-line/60 sm:h-40" />
          <div className="flex flex-col gap-3 p-6">
            <div className="h-7 w-2/3 rounded bg-line/70" />
            <div className="h-4 w-1/2 rounded bg-line/50" />
            <div className="h-4 w-full rounded bg-line/50" />
          </div>
        </div>
        <DayRowsSkeleton count={7} />
      </div>
    </main>
  );
}
