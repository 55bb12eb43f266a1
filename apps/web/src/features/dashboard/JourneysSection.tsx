import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  journeyCardAction,
  journeyCardState,
  journeyTargetDay,
  MAX_JOURNEY_CARDS,
  type JourneySummary,
  type Progress,
  type ProgressAction,
} from '@selah/domain/journey-rules';
import { JourneyCard, JourneyCardSkeleton, JourneyProgressBar } from '../../components/JourneyCard';
import { useAuth } from '../../lib/auth';
import { useDurations } from '../../lib/durations';
import { allJourneyProgressQueryOptions, applyJourneyProgress, journeysQueryOptions, postJourneyProgress } from '../journeys/data';
import { notify } from '../../lib/toast';
import { Section, ViewAll } from './DashboardSection';

/** The journey the spec's View all opens (spec section 2), when it is among the active ones. */
const VIEW_ALL_JOURNEY = 'faith-boost';

const planPath = (journeyId: string) => `/journey-plan/${encodeURIComponent(journeyId)}`;
const dayPath = (journeyId: string, day: number) => `/journey-day/${encodeURIComponent(journeyId)}/${day}`;

export function JourneysSectionSkeleton() {
  return (
    <Section id="journeys-skeleton" title="" skeletonTitle>
      {[0, 1, 2].map((key) => (
        <JourneyCardSkeleton key={key} />
      ))}
    </Section>
  );
}

/**
 * Spiritual Journeys: up to 3 journey cards; for a signed-in user each shows its state, 'x of y' and the
 * Start / Continue / Resume / Replay button (rules from @selah/domain/journeys). View all opens the
 * faith-boost plan when more than one journey exists.
 */
export function JourneysSection() {
  const { t, i18n } = useTranslation('journeys');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { minutes } = useDurations();
  const language = i18n.resolvedLanguage ?? 'en';
  const journeys = useQuery(journeysQueryOptions(language));
  const progress = useQuery({ ...allJourneyProgressQueryOptions(), enabled: user !== null });

  const act = useMutation({
    mutationFn: ({ journeyId, action }: { journeyId: string; action: ProgressAction }) => postJourneyProgress(journeyId, action),
    onSuccess: (answer) => applyJourneyProgress(queryClient, answer),
  });

  // Content fetch failures are only logged (spec section 8): the section stays away.
  const loadError = journeys.error;
  useEffect(() => {
    if (loadError) console.warn('journeys failed to load', loadError);
  }, [loadError]);

  if (journeys.isError) return null;
  if (journeys.isPending) return <JourneysSectionSkeleton />;
  const list = journeys.data;
  if (list.length === 0) return null;

  const progressOf = (journeyId: string): Progress | null => progress.data?.find((entry) => entry.journeyId === journeyId) ?? null;
  const viewAllTarget = list.some((journey) => journey.id === VIEW_ALL_JOURNEY) ? VIEW_ALL_JOURNEY : list[0]!.id;

  /** Start and Resume change the progress first (the day page needs it), then open the day. */
  const onAction = (journey: JourneySummary, current: Progress | null) => {
    const state = journeyCardState(current, journey.totalDays);
    const day = journeyTargetDay(current, journey.totalDays);
    const action = journeyCardAction(state);
    if (action === 'start' || action === 'resume') {
      act.mutate(
        { journeyId: journey.id, action: action === 'start' ? { action: 'start' } : { action: 'reactivate' } },
        {
          onSuccess: () => void navigate(dayPath(journey.id, day)),
          onError: () => notify.error(t(action === 'start' ? 'errors.start' : 'errors.reactivate')),
        },
      );
      return;
    }
    void navigate(dayPath(journey.id, day));
  };

  return (
    <Section
      id="journeys"
      title={t('section.title')}
      // Below the first screen: its cards render as it nears, after the first paint.
      deferCards
      cards="journey"
      action={list.length > 1 ? <ViewAll label={t('section.viewAll')} onClick={() => void navigate(planPath(viewAllTarget))} /> : null}
    >
      {list.slice(0, MAX_JOURNEY_CARDS).map((journey) => {
        const meta = `${t('card.days', { count: journey.totalDays })} · ${minutes(journey.totalDuration)}`;
        const current = progressOf(journey.id);
        const signedIn = user !== null && progress.isSuccess;
        const state = journeyCardState(current, journey.totalDays);
        const action = journeyCardAction(state);
        const completed = current?.stats.completedCount ?? 0;
        const busy = act.isPending && act.variables.journeyId === journey.id;
        return (
          <JourneyCard
            key={journey.id}
            journeyId={journey.id}
            title={journey.title}
            subtitle={journey.subtitle}
            meta={meta}
            to={planPath(journey.id)}
            badge={signedIn && state !== 'new' ? t(`card.state.${state}`) : undefined}
            footer={
              signedIn ? (
                <>
                  <JourneyProgressBar
                    completed={completed}
                    total={journey.totalDays}
                    caption={t('card.progress', { completed, total: journey.totalDays })}
                    label={t('card.progressLabel')}
                  />
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onAction(journey, current)}
                    aria-label={`${t(`action.${action}`)}: ${journey.title}`}
                    className={`inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-semibold transition-colors disabled:opacity-60 ${
                      action === 'replay'
                        ? 'border border-line bg-surface text-ink hover:bg-canvas'
                        : 'bg-primary text-white hover:bg-primary-strong'
                    }`}
                  >
                    {t(`action.${action}`)}
                  </button>
                </>
              ) : undefined
            }
          />
        );
      })}
    </Section>
  );
}
