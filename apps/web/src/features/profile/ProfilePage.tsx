import { BarChart3, ChevronRight, Crown, Settings, Shield, Target } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isPaidPlan, isUnlimitedPlan, MONTHLY_GENERATION_LIMIT, type Plan } from '@selah/domain/plans';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { notify } from '../../lib/toast';
import { useMe } from './api/get-me';
import { useUpdateMe } from './api/update-me';
import { HabitCard } from './HabitCard';

const planKey: Record<Plan, string> = { Free: 'free', 'Faithful Plan': 'faithful', 'Unlimited Prayer': 'unlimited' };

export default function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const me = useMe();

  if (me.isPending) return <CenteredSpinner />;
  if (me.isError || !me.data) return <p className="px-5 pt-10 text-center text-muted">{t('loadFailed')}</p>;

  const profile = me.data;
  const plan = profile.subscription.plan;
  const goals = profile.goals.filter((goal) => goal.trim().length > 0);
  const memberSince = new Intl.DateTimeFormat(i18n.resolvedLanguage, { month: 'long', year: 'numeric' }).format(
    new Date(profile.createdAt),
  );

  const onManageGoals = () => {
    if (isPaidPlan(plan)) void navigate('/goals');
    else void navigate('/paywall', { state: { fromGoals: true } });
  };

  return (
    <main>
      <PageHeader title={t('title')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5">
        <Card>
          <div className="mb-4 flex items-center gap-4">
            <div
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-gold-soft font-serif text-2xl text-primary"
            >
              {(profile.displayName || profile.email).charAt(0).toUpperCase()}
            </div>
            <div className="min-w-0">
              {/* A long email or name wraps anywhere rather than being cut (it has no spaces to wrap at). */}
              <p className="text-lg font-semibold wrap-anywhere text-ink">{profile.displayName || profile.email}</p>
              <p className="text-sm text-muted">{t('memberSince', { date: memberSince })}</p>
            </div>
          </div>
          <DetailsForm key={profile.displayName ?? ''} displayName={profile.displayName} email={profile.email} goals={goals} />
        </Card>

        <HabitCard />

        <Card>
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-ink">{t('goals.title')}</h2>
            <Button variant="ghost" className="!min-h-10 !px-3 text-sm" onClick={onManageGoals}>
              <Target aria-hidden="true" className="h-4 w-4" />
              {t('goals.manage')}
            </Button>
          </div>
          {goals.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-2">
              {goals.map((goal, index) => (
                <li key={index} className="rounded-xl bg-canvas px-4 py-3 text-ink">
                  {goal}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted">{t('goals.empty')}</p>
          )}
        </Card>

        <Card>
          <div className="flex items-center gap-3">
            <Crown aria-hidden="true" className="h-6 w-6 shrink-0 text-gold" />
            <div className="min-w-0 flex-1">
              <h2 className="text-lg font-semibold text-ink">{t('subscription.title')}</h2>
              <p className="text-sm text-muted">
                {t(`plans.${planKey[plan]}`)} ·{' '}
                {isUnlimitedPlan(plan) ? t('subscription.unlimited') : t('subscription.limit', { count: MONTHLY_GENERATION_LIMIT[plan] })}
              </p>
            </div>
            <Link to="/subscription" className="text-sm font-semibold text-primary hover:underline">
              {t('subscription.manage')}
            </Link>
          </div>
        </Card>

        <Card className="!p-2">
          <h2 className="sr-only">{t('quickActions')}</h2>
          <QuickAction to="/statistics" icon={<BarChart3 className="h-5 w-5" />} label={t('actions.statistics')} />
          <QuickAction to="/account-settings" icon={<Settings className="h-5 w-5" />} label={t('actions.settings')} />
          <QuickAction to="/security" icon={<Shield className="h-5 w-5" />} label={t('actions.security')} />
        </Card>
      </div>
    </main>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link to={to} className="flex min-h-14 items-center gap-3 rounded-2xl px-3 text-ink hover:bg-canvas">
      <span aria-hidden="true" className="text-primary">
        {icon}
      </span>
      <span className="flex-1 font-medium">{label}</span>
      <ChevronRight aria-hidden="true" className="h-5 w-5 text-muted" />
    </Link>
  );
}

export function CenteredSpinner() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-primary">
      <Spinner className="h-8 w-8" />
    </div>
  );
}

/** Display name and goals are saved together (spec: /userprofile). */
function DetailsForm({ displayName: savedName, email, goals }: { displayName: string | null; email: string; goals: string[] }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMe();
  const [displayName, setDisplayName] = useState(savedName ?? '');

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const name = displayName.trim() || null;
      await update.mutateAsync(goals.length > 0 ? { displayName: name, goals } : { displayName: name });
      notify.success(t('updated'));
    } catch {
      notify.error(t('updateFailed'));
    }
  };

  return (
    <form onSubmit={onSave} className="flex flex-col gap-4">
      <TextField
        label={t('details.displayName')}
        placeholder={t('details.displayNamePlaceholder')}
        value={displayName}
        maxLength={100}
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <TextField label={t('details.email')} value={email} readOnly disabled />
      <Button type="submit" disabled={update.isPending || displayName.trim() === (savedName ?? '')}>
        {update.isPending ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
