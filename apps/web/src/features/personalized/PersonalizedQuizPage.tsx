import { Hourglass, HeartHandshake, Sparkles, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '@selah/domain/languages';
import { DEFAULT_JOURNEY_TYPE, MAX_INPUT_LENGTH, type JourneyType } from '@selah/domain/personalized-rules';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { personalizedLoadingPath, personalizedQuizPath, type PersonalizedLoadingState } from './api/personalized';
import { useRouteError } from '../../lib/route-error';
import { useCreatePersonalizedJourney } from './api/create-personalized-journey';
import { newUuid } from '@selah/domain/ids';
import { journeyTypeOf } from './shared';
import { useAudioControls } from '../../lib/audio';
import { useJourneyAllowance } from './api/get-journey-allowance';

/** "in 3 hours", "dentro de 40 minutos", "za 2 godziny": when the next journey may start. */
function inTime(language: string | undefined, at: string): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(at) - Date.now()) / 60_000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return minutes < 60 ? format.format(minutes, 'minute') : format.format(Math.ceil(minutes / 60), 'hour');
}

/** /personalized-journey/:journeyType: Pray for your family; Who do you want to pray for? (spec section 2). */
export default function PersonalizedQuizPage() {
  const { journeyType } = useParams();
  const type = journeyTypeOf(journeyType);
  if (!type) return <Navigate to={personalizedQuizPath(DEFAULT_JOURNEY_TYPE)} replace />;
  return <Quiz journeyType={type} />;
}

function Quiz({ journeyType }: { journeyType: JourneyType }) {
  const { t, i18n } = useTranslation('personalized');
  const navigate = useNavigate();
  const create = useCreatePersonalizedJourney();
  const audio = useAudioControls();
  const [input, setInput] = useState('');
  const [routeError] = useRouteError();
  const inputId = useId();
  const hintId = useId();
  const trimmed = input.trim();
  // One journey is made at a time, and a generous number a day: said here, before the person writes (issue 34).
  const allowance = useJourneyAllowance().data;
  const generatingId = allowance?.generatingJourneyId ?? null;
  const dayIsFull = allowance !== undefined && allowance.remainingToday === 0;
  const blocked = generatingId !== null || dayIsFull;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || blocked) return;
    // Still in the tap: lets day 1 play by itself on the loading page once it is voiced (Safari asks for a tap);
    // the player's words come meanwhile.
    audio.unlock();
    void i18n.loadNamespaces('player');
    const journeyId = newUuid();
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
    // The spec's order: to the loading page first, then the create call, not awaited (the loading page follows it).
    void navigate(personalizedLoadingPath(journeyType), { state: { journeyId, input: trimmed } satisfies PersonalizedLoadingState });
    create.mutate({ journeyId, journeyType, input: trimmed, language });
  };

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col px-5 pt-4 sm:pt-10">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium tracking-wide text-gold uppercase">{t('quiz.eyebrow')}</p>
        <Link
          to="/dashboard"
          aria-label={t('quiz.close')}
          className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
        >
          <X aria-hidden="true" className="h-6 w-6" />
        </Link>
      </div>

      <ErrorNotice message={routeError} className="mt-2" />

      <section className="mt-2 rounded-3xl bg-gradient-to-br from-[#6d597a] to-[#b56576] p-5 text-white shadow-md sm:p-6">
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/15">
            <HeartHandshake className="h-6 w-6" />
          </span>
          <h1 className="font-serif text-3xl leading-tight">{t('quiz.title')}</h1>
        </div>
        <p className="mt-3 leading-relaxed text-white/90">{t('quiz.intro')}</p>
        <p className="mt-3 text-xs font-semibold tracking-wide text-white/80 uppercase">{t('quiz.meta')}</p>
        {allowance ? <p className="mt-2 text-sm text-white/85">{t('quiz.allowance', { count: allowance.perDay })}</p> : null}
      </section>

      {generatingId !== null ? (
        <div role="status" className="mt-5 flex gap-3 rounded-2xl border border-line bg-surface p-4 text-ink shadow-sm">
          <Hourglass aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold" />
          <div>
            <p>{t('quiz.inProgress')}</p>
            <Link
              to={personalizedLoadingPath(journeyType)}
              state={{ journeyId: generatingId, input: '' } satisfies PersonalizedLoadingState}
              className="mt-1 inline-block font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('quiz.seeProgress')}
            </Link>
          </div>
        </div>
      ) : dayIsFull ? (
        <div role="status" className="mt-5 flex gap-3 rounded-2xl border border-line bg-surface p-4 text-ink shadow-sm">
          <Hourglass aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold" />
          <p>
            {t('quiz.dailyLimit', {
              when: allowance.nextAt ? inTime(i18n.resolvedLanguage, allowance.nextAt) : t('quiz.later'),
            })}
          </p>
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="mt-6 flex flex-col">
        <label htmlFor={inputId} className="font-serif text-2xl text-ink">
          {t('quiz.question')}
        </label>
        <p id={hintId} className="mt-1 text-muted">
          {t('quiz.hint')}
        </p>
        <textarea
          id={inputId}
          required
          rows={4}
          maxLength={MAX_INPUT_LENGTH}
          value={input}
          aria-describedby={hintId}
          placeholder={t('quiz.placeholder')}
          onChange={(event) => setInput(event.target.value)}
          className="mt-3 w-full resize-none rounded-2xl border border-line bg-surface p-4 text-base leading-relaxed text-ink shadow-sm placeholder:text-muted/70 focus:border-primary focus:outline-none"
        />
        <Button type="submit" className="mt-5 w-full" disabled={!trimmed || blocked}>
          <Sparkles aria-hidden="true" className="h-5 w-5" />
          {t('quiz.submit')}
        </Button>
      </form>
    </main>
  );
}
