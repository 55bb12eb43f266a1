import { Check, Lock, ShieldCheck, Sparkles, Star, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isPaidPlan, isPlan, isUnlimitedPlan, PLAN_PRICE_USD, PLANS } from '@selah/domain/plans';
import { Button } from '../../components/Button';
import { Card } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../lib/auth';
import { useGenerationStats } from './api/get-generation-stats';

/** Start Your Journey shows Processing... this long before the plans open (spec section 9). */
export const PAYWALL_PROCESSING_MS = 1000;

/** The cheapest paid plan: the price line reads "From ..." and checkout starts with it. */
const ENTRY_PLAN = PLANS.filter(isPaidPlan).reduce((cheapest, plan) => (PLAN_PRICE_USD[plan] < PLAN_PRICE_USD[cheapest] ? plan : cheapest));

const BENEFITS = ['prayers', 'personal', 'journeys', 'listen'] as const;

interface PaywallState {
  fromGoals?: boolean;
  fromGeneration?: boolean;
}

function readState(state: unknown): PaywallState {
  if (typeof state !== 'object' || state === null) return {};
  const { fromGoals, fromGeneration } = state as Record<string, unknown>;
  return { fromGoals: fromGoals === true, fromGeneration: fromGeneration === true };
}

/** /paywall: why a plan helps, reached from Manage Goals (fromGoals) or the quiz's monthly limit (fromGeneration). */
export default function PaywallPage() {
  const { t, i18n } = useTranslation('create');
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const { fromGoals } = readState(location.state);
  // Without a reason in the state, a signed-in visitor still sees where their month stands.
  const showLimit = !fromGoals && user !== null;
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => void navigate('/subscription'), PAYWALL_PROCESSING_MS);
    return () => clearTimeout(timer);
  }, [processing, navigate]);

  const price = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'USD' }).format(PLAN_PRICE_USD[ENTRY_PLAN]);

  const onStart = () => {
    if (processing) return;
    setProcessing(true);
  };

  const onClose = () => {
    // React Router numbers its history entries: idx 0 means the paywall was the first page of this visit.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/dashboard', { replace: true });
  };

  return (
    <main className="mx-auto flex w-full max-w-xl flex-col px-5 pt-6 sm:pt-10">
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          aria-label={t('paywall.close')}
          className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
        >
          <X aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>

      <div className="flex flex-col items-center text-center">
        <div
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold shadow-[0_0_50px_rgba(184,137,58,0.3)]"
        >
          <Sparkles className="h-8 w-8" />
        </div>
        <h1 className="mt-5 font-serif text-3xl text-ink sm:text-4xl">{t('paywall.title')}</h1>
        <p className="mt-2 max-w-md text-muted">{t('paywall.subtitle')}</p>
      </div>

      <div className="mt-7 flex flex-col gap-4">
        {fromGoals ? <GoalsLockedCard /> : null}
        {showLimit ? <MonthlyLimitCard /> : null}

        <ul className="grid grid-cols-2 gap-3">
          <ProofItem icon={<Sparkles aria-hidden="true" className="h-5 w-5 text-gold" />}>
            <Trans t={t} i18nKey="paywall.proof.prayers" components={{ strong: <strong className="block text-xl text-ink" /> }} />
          </ProofItem>
          <ProofItem icon={<Star aria-hidden="true" className="h-5 w-5 fill-current text-gold" />}>
            <Trans t={t} i18nKey="paywall.proof.rating" components={{ strong: <strong className="block text-xl text-ink" /> }} />
          </ProofItem>
        </ul>

        <Card>
          <h2 className="text-lg font-semibold text-ink">{t('paywall.benefitsTitle')}</h2>
          <ul className="mt-3 flex flex-col gap-3">
            {fromGoals ? <Benefit text={t('paywall.benefits.goals')} /> : null}
            {BENEFITS.map((benefit) => (
              <Benefit key={benefit} text={t(`paywall.benefits.${benefit}`)} />
            ))}
          </ul>
        </Card>
      </div>

      <div className="mt-6 flex flex-col items-center gap-3 pb-4 text-center">
        <p className="text-muted">
          <Trans
            t={t}
            i18nKey="paywall.price"
            values={{ price }}
            components={{ price: <span className="font-serif text-2xl font-semibold text-ink" /> }}
          />
        </p>
        <Button className="w-full" onClick={onStart} disabled={processing} aria-busy={processing || undefined}>
          {processing ? <Spinner className="h-5 w-5" /> : null}
          {processing ? t('paywall.processing') : t('paywall.start')}
        </Button>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          {t('paywall.legal')}
        </p>
      </div>
    </main>
  );
}

function GoalsLockedCard() {
  const { t } = useTranslation('create');
  return (
    <Card className="flex items-start gap-4">
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Lock className="h-5 w-5" />
      </span>
      <div>
        <h2 className="font-semibold text-ink">{t('paywall.goals.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('paywall.goals.body')}</p>
      </div>
    </Card>
  );
}

/** This month's usage against the plan's limit; ∞ for Unlimited Prayer (checked against 1000, shown unbounded). */
function MonthlyLimitCard() {
  const { t } = useTranslation('create');
  const stats = useGenerationStats();

  if (stats.isPending) {
    return (
      <Card className="flex justify-center text-primary">
        <Spinner className="h-6 w-6" />
      </Card>
    );
  }
  // The paywall still helps without the numbers: the card just stays away.
  if (stats.isError) return null;

  const { monthlyCount, monthlyLimit, currentMonth, plan } = stats.data;
  const usage = monthlyCount[currentMonth] ?? 0;
  const unlimited = isPlan(plan) && isUnlimitedPlan(plan);
  const reached = usage >= monthlyLimit;
  const percent = Math.min(100, Math.round((usage / Math.max(1, monthlyLimit)) * 100));
  const usageText = t('paywall.limit.usage', { usage, limit: unlimited ? '∞' : monthlyLimit });

  return (
    <Card>
      <h2 className="font-semibold text-ink">{reached ? t('paywall.limit.reachedTitle') : t('paywall.limit.title')}</h2>
      <p className="mt-1 text-sm text-muted">{reached ? t('paywall.limit.reachedBody') : t('paywall.limit.body')}</p>
      <div
        role="progressbar"
        aria-label={t('paywall.limit.title')}
        aria-valuemin={0}
        aria-valuemax={monthlyLimit}
        aria-valuenow={Math.min(usage, monthlyLimit)}
        aria-valuetext={usageText}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-line"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-700 ${reached ? 'bg-gold' : 'bg-primary'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm font-medium text-ink">{usageText}</p>
    </Card>
  );
}

function ProofItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col items-center gap-1 rounded-3xl border border-line bg-surface px-3 py-4 text-center text-sm text-muted shadow-sm">
      {icon}
      <span>{children}</span>
    </li>
  );
}

function Benefit({ text }: { text: string }) {
  return (
    <li className="flex items-start gap-3 text-ink">
      <span aria-hidden="true" className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Check className="h-4 w-4" />
      </span>
      <span>{text}</span>
    </li>
  );
}
