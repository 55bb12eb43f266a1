import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ANCESTORS_DEFAULTS,
  personalizedCardAction,
  personalizedCardState,
  type PersonalizedCardState,
  type PersonalizedJourney,
} from '@selah/domain/personalized-rules';
import { inSentence } from '@selah/domain/text';
import { useAuth } from '../../lib/auth';
import { useDurations } from '../../lib/durations';
import {
  personalizedJourneysQueryOptions,
  personalizedLoadingPath,
  personalizedPlanPath,
  personalizedQuizPath,
  useRetryPersonalizedJourney,
  type PersonalizedLoadingState,
} from './api/personalized';
import { notify } from '../../lib/toast';
import { CreateCard } from '../../components/CreateCard';
import { JourneyCard, JourneyCardSkeleton, JourneyProgressBar } from '../../components/JourneyCard';
import { Spinner } from '../../components/Spinner';

/**
 * The dashboard's Personalized Journeys (spec section 2: signed-in only, ancestors type): the user's journeys
 * as cards (generating, in progress 'x of 7' with Continue, completed with Replay, failed with Try again) and
 * a card that starts a new one. The dashboard shows it through this feature's index.ts; its texts are the
 * `personalized` namespace.
 */
export function PersonalizedJourneysSection() {
  const { user } = useAuth();
  if (!user) return null;
  return <Section />;
}

/** JourneyCard picks its cover from the id it is given: this one names the calm mauve of the quiz page. */
const COVER_ID = 'ancestors-healing';

/** Days completed so far: days open in order, so every day before the current one is done. */
function completedDays(journey: PersonalizedJourney): number {
  if (journey.status === 'completed') return journey.totalDays;
  if (journey.status !== 'active') return 0;
  return Math.min(journey.totalDays, Math.max(0, journey.currentDay - 1));
}

function Section() {
  const { t } = useTranslation('personalized');
  const navigate = useNavigate();
  const journeys = useQuery(personalizedJourneysQueryOptions());
  const retry = useRetryPersonalizedJourney();
  const { minutes } = useDurations();

  // A failure is logged and said on the row (spec section 8, Journey card); the new-journey card still shows.
  const loadError = journeys.error;
  useEffect(() => {
    if (loadError) console.warn('personalized journeys failed to load', loadError);
  }, [loadError]);

  const list = (journeys.data ?? []).filter((journey) => journey.journeyType === 'ancestors');
  const meta = `${t('dashboard.days', { count: ANCESTORS_DEFAULTS.totalDays })} · ${minutes(ANCESTORS_DEFAULTS.totalDuration)}`;

  const toLoading = (journey: PersonalizedJourney) =>
    void navigate(personalizedLoadingPath(journey.journeyType), {
      state: { journeyId: journey.id, input: journey.input } satisfies PersonalizedLoadingState,
    });

  const onAction = (journey: PersonalizedJourney, state: PersonalizedCardState) => {
    const action = personalizedCardAction(state);
    if (action === 'retry') {
      retry.mutate(journey.id, {
        onSuccess: () => toLoading(journey),
        onError: () => notify.error(t('errors.retryFailed')),
      });
      return;
    }
    void navigate(personalizedPlanPath(journey.journeyType, journey.id));
  };

  return (
    <section aria-labelledby="personalized-title" className="mt-9">
      <div className="mb-4 flex items-center justify-between gap-3 px-5">
        <h2 id="personalized-title" className="text-xl font-semibold text-ink">
          {t('dashboard.title')}
        </h2>
      </div>
      <div className="flex snap-x scroll-px-5 gap-4 overflow-x-auto scroll-smooth px-5 pb-3 [scrollbar-width:thin]">
        {journeys.isPending ? <JourneyCardSkeleton /> : null}
        {journeys.isError && journeys.data === undefined ? (
          <div
            role="status"
            className="flex w-[280px] shrink-0 flex-col items-start justify-center gap-3 rounded-3xl border border-line bg-surface p-5 shadow-sm"
          >
            <p className="text-sm text-muted">{t('dashboard.loadFailed')}</p>
            <button
              type="button"
              onClick={() => void journeys.refetch()}
              disabled={journeys.isFetching}
              className="inline-flex min-h-11 items-center justify-center rounded-xl border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-canvas disabled:opacity-60"
            >
              {t('dashboard.tryAgain')}
            </button>
          </div>
        ) : null}
        {list.map((journey) => {
          const state = personalizedCardState(journey);
          const action = personalizedCardAction(state);
          const title = journey.status === 'generating' ? t('dashboard.generatingTitle') : (journey.title ?? t('dashboard.newTitle'));
          const completed = completedDays(journey);
          const busy = retry.isPending && retry.variables === journey.id;
          const label =
            action === 'retry'
              ? t('dashboard.action.retry')
              : action === 'replay'
                ? t('dashboard.action.replay')
                : t('dashboard.action.continue');
          return (
            <JourneyCard
              key={journey.id}
              journeyId={COVER_ID}
              title={title}
              subtitle={t('dashboard.for', { input: inSentence(journey.input, journey.language) })}
              meta={meta}
              to={personalizedPlanPath(journey.journeyType, journey.id)}
              badge={state === 'new' ? undefined : t(`dashboard.state.${state}`)}
              footer={
                action === null ? (
                  <p className="flex min-h-11 items-center gap-2 text-sm font-semibold text-muted">
                    <Spinner className="h-4 w-4" />
                    {t('dashboard.generating')}
                  </p>
                ) : (
                  <>
                    {state === 'in_progress' || state === 'completed' ? (
                      <JourneyProgressBar
                        completed={completed}
                        total={journey.totalDays}
                        caption={t('dashboard.progress', { completed, total: journey.totalDays })}
                        label={t('dashboard.progressLabel')}
                      />
                    ) : null}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => onAction(journey, state)}
                      aria-label={`${label}: ${title}`}
                      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors disabled:opacity-60 ${
                        action === 'replay'
                          ? 'border border-line bg-surface text-ink hover:bg-canvas'
                          : 'bg-primary text-white hover:bg-primary-strong'
                      }`}
                    >
                      {busy ? <Spinner className="h-4 w-4" /> : null}
                      {label}
                    </button>
                  </>
                )
              }
            />
          );
        })}
        <CreateCard to={personalizedQuizPath('ancestors')} title={t('dashboard.newTitle')} body={t('dashboard.newBody')} />
      </div>
    </section>
  );
}
