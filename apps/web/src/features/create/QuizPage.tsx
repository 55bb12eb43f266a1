import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, ChevronLeft, HandHeart, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { cleanGoals } from '@selah/domain/goals';
import {
  DEFAULT_TOPIC,
  FOCUSES,
  hasQuotaLeft,
  MAX_DESCRIPTION_LENGTH,
  PRAYER_LENGTH,
  QUIZ_STEPS,
  type CreateAffirmation,
  type Experience,
  type Focus,
} from '@selah/domain/records';
import { Button } from '../../components/Button';
import { coverOf } from '../../components/PrayerCard';
import { Spinner } from '../../components/Spinner';
import { ApiError, retryUnlessClientError } from '../../lib/api';
import { useAudioControls } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { useCreateAffirmation } from './api/create-affirmation';
import { generationStatsQueryOptions } from './api/get-generation-stats';
import type { LibraryState } from '../library/data';
import { meQueryOptions } from '../profile/data';
import { OptionCard } from './OptionCard';
import { newUuid } from '@selah/domain/ids';

type Step = 1 | 2 | 3;
/** checking: reading this month's usage before creating; creating: POST /api/create-affirmation. */
type Phase = 'idle' | 'checking' | 'creating';

const EXPERIENCES: { value: Experience; icon: ReactNode; gradient: string }[] = [
  { value: 'bible_meditation', icon: <BookOpen className="h-7 w-7" />, gradient: 'from-[#3d4a7a] to-[#6b5b95]' },
  { value: 'prayer', icon: <HandHeart className="h-7 w-7" />, gradient: 'from-[#b8893a] to-[#d9a066]' },
];

const iconButton =
  '-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink disabled:opacity-50';

/** /quiz: three gentle steps to a personal prayer (spec section 2). */
export default function QuizPage() {
  const { t } = useTranslation('create');
  const navigate = useNavigate();
  const audio = useAudioControls();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const create = useCreateAffirmation();
  const [step, setStep] = useState<Step>(1);
  const [experience, setExperience] = useState<Experience>('prayer');
  const [description, setDescription] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [chosenFocus, setChosenFocus] = useState<Focus | null>(null);
  // A second tap lands before the re-render disables the buttons; the ref stops it at once.
  const busyRef = useRef(false);
  // One record id per submission: pressing again after an error sends the same id, so the server creates
  // at most one record. A changed prayer gets a new id.
  const attemptRef = useRef<{ key: string; recordId: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const descriptionId = useId();
  const busy = phase !== 'idle';

  // After a step change its question takes the focus, so screen readers announce where the user is now.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  /** Shows the failure; a lost session sends the user to sign in again. */
  const fail = async (error: unknown, message: string) => {
    if (error instanceof ApiError && error.status === 401) {
      notify.error(t('quiz.errors.loginRequired'));
      // Refresh the session first: /login sends a user it still believes signed in back to the dashboard.
      await refresh().catch(() => undefined);
      void navigate('/login');
      return;
    }
    notify.error(message);
  };

  /** Returns true when the page is being left (library or paywall). */
  const run = async (focus: Focus | null): Promise<boolean> => {
    let goals: string[];
    try {
      const [stats, me] = await Promise.all([
        queryClient.fetchQuery({ ...generationStatsQueryOptions(), staleTime: 0 }),
        queryClient.ensureQueryData({ ...meQueryOptions(), retry: retryUnlessClientError }),
      ]);
      if (!hasQuotaLeft(stats)) {
        void navigate('/paywall', { state: { fromGeneration: true } });
        return true;
      }
      goals = cleanGoals(me.goals);
    } catch (error) {
      await fail(error, t('quiz.errors.fetchFailed'));
      return false;
    }

    setPhase('creating');
    const body = {
      length: PRAYER_LENGTH,
      // Created straight from the description (step 2): the spec's default preference, a general prayer.
      topic: focus ?? DEFAULT_TOPIC,
      experience,
      description: description.trim().slice(0, MAX_DESCRIPTION_LENGTH),
      userGoals: goals,
    } satisfies CreateAffirmation;
    const key = JSON.stringify(body);
    if (attemptRef.current?.key !== key) attemptRef.current = { key, recordId: newUuid() };
    try {
      await create.mutateAsync({ ...body, recordId: attemptRef.current.recordId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.code === ERROR_CODES.limitReached) {
        void navigate('/paywall', { state: { fromGeneration: true } });
        return true;
      }
      await fail(error, t('quiz.errors.createFailed'));
      return false;
    }
    const recordId = attemptRef.current.recordId;
    attemptRef.current = null;
    // The library shows the new card generating and follows it live; the prayer plays once its first seconds
    // are out (issue 23), while the rest is still being voiced.
    void navigate('/library', { state: { listenTo: recordId } satisfies LibraryState });
    return true;
  };

  const submit = async (focus: Focus | null) => {
    if (busyRef.current) return;
    busyRef.current = true;
    // Still in the tap: lets the prayer play by itself when it is ready (Safari asks for a tap first).
    audio.unlock();
    setChosenFocus(focus);
    setPhase('checking');
    const leaving = await run(focus);
    busyRef.current = false;
    // While leaving, the busy state stays until the next page replaces this one.
    if (!leaving) {
      setPhase('idle');
      setChosenFocus(null);
    }
  };

  const canCreate = description.trim().length > 0 && !busy;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    if (canCreate) void submit(null);
  };

  // Spec: the Enter key in the text box only blurs it (no new line, no submit).
  const onDescriptionKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.blur();
  };

  const chooseExperience = (value: Experience) => {
    setExperience(value);
    setStep(2);
  };

  const back = () => setStep(step === 3 ? 2 : 1);

  const question = step === 1 ? t('quiz.experience.question') : step === 2 ? t('quiz.description.question') : t('quiz.focus.question');
  const hint = step === 1 ? t('quiz.experience.hint') : step === 2 ? t('quiz.description.hint') : t('quiz.focus.hint');

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col px-5 pt-6 sm:pt-10">
      <div className="flex items-center gap-3">
        {step === 1 ? (
          <Link to="/dashboard" aria-label={t('quiz.close')} className={iconButton}>
            <X aria-hidden="true" className="h-6 w-6" />
          </Link>
        ) : (
          <button type="button" onClick={back} disabled={busy} aria-label={t('quiz.back')} className={iconButton}>
            <ChevronLeft aria-hidden="true" className="h-6 w-6" />
          </button>
        )}
        <div className="flex flex-1 items-center gap-3">
          <div aria-hidden="true" className="flex flex-1 gap-1.5">
            {Array.from({ length: QUIZ_STEPS }, (_, index) => (
              <span
                key={index}
                className={`h-1.5 flex-1 rounded-full transition-colors duration-500 ${index < step ? 'bg-primary' : 'bg-line'}`}
              />
            ))}
          </div>
          <p className="shrink-0 text-sm font-medium text-muted">{t('quiz.step', { step, total: QUIZ_STEPS })}</p>
        </div>
      </div>

      <p className="mt-8 text-sm font-medium tracking-wide text-gold uppercase">{t('quiz.title')}</p>
      {/* Focused from code only, never a control: the global :focus-visible outline (unlayered CSS) is kept off inline. */}
      <h1 ref={headingRef} tabIndex={-1} style={{ outline: 'none' }} className="mt-1 font-serif text-3xl text-ink">
        {question}
      </h1>
      <p className="mt-2 text-muted">{hint}</p>

      <div className="mt-7">
        {step === 1 ? (
          <div className="flex flex-col gap-3">
            {EXPERIENCES.map((option) => (
              <OptionCard
                key={option.value}
                title={t(`quiz.experience.options.${option.value}.title`)}
                body={t(`quiz.experience.options.${option.value}.body`)}
                icon={option.icon}
                gradient={option.gradient}
                onChoose={() => chooseExperience(option.value)}
              />
            ))}
          </div>
        ) : null}

        {step === 2 ? (
          <form onSubmit={onCreate} className="flex flex-col">
            <label htmlFor={descriptionId} className="text-sm font-medium text-muted">
              {t('quiz.description.label')}
            </label>
            <textarea
              id={descriptionId}
              rows={6}
              maxLength={MAX_DESCRIPTION_LENGTH}
              value={description}
              placeholder={t('quiz.description.placeholder')}
              enterKeyHint="done"
              onChange={(event) => setDescription(event.target.value)}
              onKeyDown={onDescriptionKey}
              className="mt-1.5 w-full resize-none rounded-2xl border border-line bg-surface p-4 text-base leading-relaxed text-ink shadow-sm placeholder:text-muted/70 focus:border-primary focus:outline-none"
            />
            <Button type="submit" className="mt-5 w-full" disabled={!canCreate}>
              {busy ? <Spinner className="h-5 w-5" /> : <Sparkles aria-hidden="true" className="h-5 w-5" />}
              {busy ? t('quiz.description.creating') : t('quiz.description.create')}
            </Button>
            {description.trim().length === 0 ? (
              <div className="mt-8 flex flex-col items-center gap-3 text-center">
                <p className="text-sm text-muted">{t('quiz.description.notSure')}</p>
                <Button variant="secondary" className="w-full" onClick={() => setStep(3)}>
                  {t('quiz.description.chooseFromOptions')}
                </Button>
              </div>
            ) : null}
          </form>
        ) : null}

        {step === 3 ? (
          <div className="flex flex-col gap-3">
            {FOCUSES.map((focus) => {
              const cover = coverOf(focus);
              return (
                <OptionCard
                  key={focus}
                  title={t(`quiz.focus.options.${focus}.title`)}
                  body={t(`quiz.focus.options.${focus}.body`)}
                  icon={cover.icon}
                  gradient={cover.gradient}
                  disabled={busy}
                  busy={busy && chosenFocus === focus}
                  onChoose={() => void submit(focus)}
                />
              );
            })}
          </div>
        ) : null}
      </div>

      <p role="status" className="sr-only">
        {busy ? t('quiz.creatingStatus') : ''}
      </p>
    </main>
  );
}
