import { Check, Plus, Target, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_GOAL_LENGTH, MAX_GOALS } from '@selah/domain/goals';
import { isPaidPlan } from '@selah/domain/plans';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { notify } from '../../lib/toast';
import { meQueryOptions, useMe } from './api/get-me';
import { useUpdateMe } from './api/update-me';
import {
  addGoal,
  canAddGoal,
  canRemoveGoal,
  editGoal,
  goalTexts,
  hasGoalText,
  initialGoalsEditor,
  isPlanRequired,
  removeGoal,
  type GoalsEditor,
} from './goals-editor';
import { CenteredSpinner } from './ProfilePage';

/** After a save the button reads Saved! this long (spec: /goals, saved indicator 3 s). */
export const GOALS_SAVED_INDICATOR_MS = 3000;

const PAYWALL_STATE = { fromGoals: true };

const linkButton = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors';

/** /goals: the spiritual goals a paid plan keeps, one to five of them (spec: /goals). */
export default function GoalsPage() {
  const { t } = useTranslation('profile');
  const me = useMe();

  if (me.isPending) return <CenteredSpinner />;
  // Goals come with a paid plan: a Free profile goes straight on to the paywall.
  if (me.data && !isPaidPlan(me.data.subscription.plan)) return <Navigate to="/paywall" replace state={PAYWALL_STATE} />;

  return (
    <main>
      <PageHeader title={t('goalsPage.title')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5">
        {me.data ? (
          <GoalsForm saved={me.data.goals} />
        ) : (
          <Card className="flex flex-col items-center gap-4 py-8 text-center">
            <p className="text-muted">{t('goalsPage.loadFailed')}</p>
            <Button variant="secondary" disabled={me.isFetching} onClick={() => void me.refetch()}>
              {me.isFetching ? <Spinner className="h-5 w-5" /> : null}
              {t('goalsPage.tryAgain')}
            </Button>
          </Card>
        )}
        <Link to="/userprofile" className={`${linkButton} border border-line bg-surface text-ink hover:bg-canvas`}>
          {t('backToProfile')}
        </Link>
      </div>
    </main>
  );
}

/** The editor starts from the saved goals and keeps its own areas (blank ones too) after a save. */
function GoalsForm({ saved }: { saved: readonly string[] }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateMe();
  const [editor, setEditor] = useState<GoalsEditor>(() => initialGoalsEditor(saved));
  // Counts the saves, so a second save within the indicator's time starts its time again; null: not shown.
  const [savedRound, setSavedRound] = useState<number | null>(null);

  useEffect(() => {
    if (savedRound === null) return;
    const timer = setTimeout(() => setSavedRound(null), GOALS_SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedRound]);

  // An added area takes the focus, and so does the neighbour of a removed one (its button is gone).
  const areas = useRef(new Map<number, HTMLTextAreaElement>());
  const focusAfterChange = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfterChange.current === null) return;
    areas.current.get(focusAfterChange.current)?.focus();
    focusAfterChange.current = null;
  }, [editor]);

  const change = (next: GoalsEditor | ((current: GoalsEditor) => GoalsEditor)) => {
    setEditor(next);
    // What the button calls saved is no longer what the areas show.
    setSavedRound(null);
  };

  const onAdd = () => {
    const next = addGoal(editor);
    focusAfterChange.current = next.entries.at(-1)?.id ?? null;
    change(next);
  };

  const onRemove = (index: number) => {
    const entry = editor.entries[index];
    if (!entry) return;
    const next = removeGoal(editor, entry.id);
    focusAfterChange.current = next.entries[Math.max(0, index - 1)]?.id ?? null;
    change(next);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setSavedRound(null);
    try {
      await update.mutateAsync({ goals: goalTexts(editor) });
    } catch (error) {
      if (isPlanRequired(error)) {
        // The plan ended since the profile was loaded: the paywall takes this page's place, and the profile is read again.
        await navigate('/paywall', { replace: true, state: PAYWALL_STATE });
        void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
        return;
      }
      notify.error(t('goalsPage.updateFailed'));
      return;
    }
    notify.success(t('goalsPage.updated'));
    setSavedRound((round) => (round ?? 0) + 1);
  };

  const removable = canRemoveGoal(editor);

  return (
    <Card>
      <form onSubmit={onSave} className="flex flex-col gap-4">
        <p className="flex items-start gap-3 text-muted">
          <Target aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold" />
          <span>{t('goalsPage.intro')}</span>
        </p>
        <ol className="flex flex-col gap-3">
          {editor.entries.map((entry, index) => {
            const label = t('goalsPage.goalLabel', { n: index + 1 });
            return (
              <li key={entry.id} className="relative">
                <textarea
                  ref={(node) => {
                    if (!node) return;
                    const map = areas.current;
                    map.set(entry.id, node);
                    return () => {
                      map.delete(entry.id);
                    };
                  }}
                  aria-label={label}
                  placeholder={label}
                  rows={3}
                  maxLength={MAX_GOAL_LENGTH}
                  value={entry.text}
                  onChange={(event) => {
                    const text = event.target.value;
                    change((current) => editGoal(current, entry.id, text));
                  }}
                  className={`block w-full resize-none rounded-xl border border-line bg-surface px-4 py-3 text-base leading-relaxed text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none ${removable ? 'pr-12' : ''}`}
                />
                {removable ? (
                  <button
                    type="button"
                    aria-label={t('goalsPage.remove', { n: index + 1 })}
                    onClick={() => onRemove(index)}
                    className="absolute top-1.5 right-1.5 flex h-10 w-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-danger/10 hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <X aria-hidden="true" className="h-5 w-5" />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {canAddGoal(editor) ? (
          <button
            type="button"
            onClick={onAdd}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-dashed border-primary/40 px-5 text-base font-semibold text-primary transition-colors hover:border-primary hover:bg-primary/5"
          >
            <Plus aria-hidden="true" className="h-5 w-5" />
            {hasGoalText(editor) ? t('goalsPage.addAnother') : t('goalsPage.addFirst')}
          </button>
        ) : (
          <p className="text-center text-sm text-muted">{t('goalsPage.maxReached', { count: MAX_GOALS })}</p>
        )}
        <Button type="submit" disabled={update.isPending} className="mt-1 w-full">
          {update.isPending ? (
            <Spinner className="h-5 w-5" />
          ) : savedRound !== null ? (
            <Check aria-hidden="true" className="h-5 w-5" />
          ) : null}
          {savedRound !== null ? t('goalsPage.saved') : t('goalsPage.save')}
        </Button>
      </form>
    </Card>
  );
}
