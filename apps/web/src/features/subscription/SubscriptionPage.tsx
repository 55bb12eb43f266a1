import { Check, Crown, Info, RotateCcw, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONTHLY_GENERATION_LIMIT, PLAN_PRICE_USD, PLANS, isUnlimitedPlan, type Plan } from '@selah/domain/plans';
import type { SubscriptionView } from '@selah/domain/subscription-schemas';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { isNativeIos, loadPurchases } from '../../platform';
import { PurchasesUnavailableError } from '../../platform/purchases';
import { useChooseFree, useSubscription, useSyncSubscription } from './api/subscription';
import { checkout, restorePurchases } from './checkout';
import { isActionable, planButton, type PlanButton } from './plan-buttons';

const planKey: Record<Plan, 'free' | 'faithful' | 'unlimited'> = {
  Free: 'free',
  'Faithful Plan': 'faithful',
  'Unlimited Prayer': 'unlimited',
};
const linkButton = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors';

/** /subscription: the three plans, the one in force, buying or changing one in the iOS app, Free elsewhere. */
export default function SubscriptionPage() {
  const { t } = useTranslation('profile');
  const subscription = useSubscription();
  const native = isNativeIos();

  return (
    <main>
      <PageHeader title={t('subscriptionPage.title')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5 pb-4">
        <p className="-mt-2 text-muted">{t('subscriptionPage.subtitle')}</p>
        {native ? null : (
          <Card className="flex items-start gap-4 !bg-gold-soft/40">
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface text-gold">
              <Smartphone className="h-5 w-5" />
            </span>
            <div role="status">
              <p className="font-semibold text-ink">{t('subscriptionPage.mobileOnly')}</p>
              <p className="mt-1 text-sm text-muted">{t('subscriptionPage.mobileOnlyBody')}</p>
            </div>
          </Card>
        )}
        {subscription.isPending ? (
          <div className="flex min-h-[30dvh] items-center justify-center text-primary">
            <Spinner className="h-8 w-8" />
          </div>
        ) : subscription.isError ? (
          <Card className="flex flex-col items-center gap-4 py-8 text-center">
            <p className="text-muted">{t('subscriptionPage.loadFailed')}</p>
            <Button variant="secondary" disabled={subscription.isFetching} onClick={() => void subscription.refetch()}>
              {subscription.isFetching ? <Spinner className="h-5 w-5" /> : null}
              {t('subscriptionPage.tryAgain')}
            </Button>
          </Card>
        ) : (
          <Plans view={subscription.data} />
        )}
        <Link to="/userprofile" className={`${linkButton} border border-line bg-surface text-ink hover:bg-canvas`}>
          {t('backToProfile')}
        </Link>
      </div>
    </main>
  );
}

function Plans({ view }: { view: SubscriptionView }) {
  const { t, i18n } = useTranslation('profile');
  const { user } = useAuth();
  const chooseFree = useChooseFree();
  const sync = useSyncSubscription();
  // The plan whose button is working (a purchase sheet can take a while), or 'restore'.
  const [busy, setBusy] = useState<Plan | 'restore' | null>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(iso));
  const planName = (plan: Plan) => t(`plans.${planKey[plan]}`);

  const failure = (error: unknown, fallback: string) => {
    if (error instanceof PurchasesUnavailableError) notify.error(t('subscriptionPage.mobileOnly'));
    else if (error instanceof ApiError && error.code === 'STORE_MANAGED') notify.error(t('subscriptionPage.storeManaged'));
    else notify.error(fallback);
  };

  const onPress = async (plan: Plan) => {
    if (busy) return;
    setBusy(plan);
    const changing = view.plan !== 'Free';
    try {
      if (plan === 'Free') {
        const next = await chooseFree.mutateAsync();
        notify.success(
          next.pendingChange
            ? t('subscriptionPage.freeScheduled', { date: date(next.pendingChange.effectiveDate) })
            : t('subscriptionPage.freeChosen'),
        );
      } else {
        const purchases = await loadPurchases();
        const bought = await checkout(plan, { purchases, userId: user!.id, sync: () => sync.mutateAsync(), track });
        if (bought) notify.success(t('subscriptionPage.welcome', { plan: planName(bought.plan) }));
      }
    } catch (error) {
      failure(error, changing ? t('subscriptionPage.changeFailed') : t('subscriptionPage.processFailed'));
    } finally {
      setBusy(null);
    }
  };

  const onRestore = async () => {
    if (busy) return;
    setBusy('restore');
    try {
      const purchases = await loadPurchases();
      const synced = await restorePurchases({ purchases, userId: user!.id, sync: () => sync.mutateAsync() });
      notify.success(synced.plan === 'Free' ? t('subscriptionPage.nothingToRestore') : t('subscriptionPage.restored'));
    } catch (error) {
      failure(error, t('subscriptionPage.restoreFailed'));
    } finally {
      setBusy(null);
    }
  };

  const { usage, pendingChange } = view;
  const percent = Math.min(100, Math.round((usage.count / Math.max(1, usage.limit)) * 100));
  const usageText = t('subscriptionPage.usage', { count: usage.count, limit: usage.unlimited ? '∞' : usage.limit });

  return (
    <>
      <Card>
        <div className="flex items-center gap-3">
          <Crown aria-hidden="true" className="h-6 w-6 text-gold" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted">{t('subscriptionPage.yourPlan')}</p>
            <h2 className="text-lg font-semibold text-ink">{planName(view.plan)}</h2>
          </div>
        </div>
        {view.plan !== 'Free' && view.expiresAt ? (
          <p className="mt-2 text-sm text-muted">
            {pendingChange?.toPlan === 'Free'
              ? t('subscriptionPage.ends', { date: date(view.expiresAt) })
              : view.storeManaged
                ? t('subscriptionPage.renews', { date: date(view.expiresAt) })
                : t('subscriptionPage.until', { date: date(view.expiresAt) })}
          </p>
        ) : null}
        <div
          role="progressbar"
          aria-label={t('subscriptionPage.usageLabel')}
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={Math.min(usage.count, usage.limit)}
          aria-valuetext={usageText}
          className="mt-4 h-2 overflow-hidden rounded-full bg-line"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-700"
            style={{ width: `${usage.unlimited ? 0 : percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm font-medium text-ink">{usageText}</p>
        {pendingChange ? (
          <p className="mt-3 flex items-start gap-2 rounded-2xl bg-canvas px-4 py-3 text-sm text-ink">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
            {t('subscriptionPage.pending', { plan: planName(pendingChange.toPlan), date: date(pendingChange.effectiveDate) })}
          </p>
        ) : null}
      </Card>

      <ul className="flex flex-col gap-4">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            button={planButton(plan, view.plan, pendingChange)}
            busy={busy === plan}
            disabled={busy !== null}
            onPress={() => void onPress(plan)}
          />
        ))}
      </ul>

      <Button variant="secondary" onClick={() => void onRestore()} disabled={busy !== null} aria-busy={busy === 'restore' || undefined}>
        {busy === 'restore' ? <Spinner className="h-5 w-5" /> : <RotateCcw aria-hidden="true" className="h-5 w-5" />}
        {t('subscriptionPage.restore')}
      </Button>
      <p className="text-center text-sm text-muted">{t('subscriptionPage.manageNote')}</p>
    </>
  );
}

function PlanCard({
  plan,
  button,
  busy,
  disabled,
  onPress,
}: {
  plan: Plan;
  button: PlanButton;
  busy: boolean;
  disabled: boolean;
  onPress: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const key = planKey[plan];
  const current = button === 'current';
  const price = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'USD' }).format(PLAN_PRICE_USD[plan]);
  const benefits = [
    isUnlimitedPlan(plan)
      ? t('subscriptionPage.benefits.unlimitedPrayers')
      : t('subscriptionPage.benefits.prayers', { count: MONTHLY_GENERATION_LIMIT[plan] }),
    plan === 'Free' ? t('subscriptionPage.benefits.library') : t('subscriptionPage.benefits.goals'),
  ];

  return (
    <li
      aria-label={t(`plans.${key}`)}
      className={`rounded-3xl border bg-surface p-5 shadow-sm ${current ? 'border-primary ring-1 ring-primary' : 'border-line'}`}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-serif text-2xl text-ink">{t(`plans.${key}`)}</h3>
        <p className="shrink-0 whitespace-nowrap text-muted">
          <span className="text-xl font-semibold text-ink">{price}</span> {t('subscriptionPage.perMonth')}
        </p>
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2 text-ink">
            <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-4 w-full"
        variant={current || button === 'chooseFree' || button === 'freeScheduled' ? 'secondary' : 'primary'}
        disabled={!isActionable(button) || disabled}
        aria-busy={busy || undefined}
        onClick={onPress}
      >
        {busy ? <Spinner className="h-5 w-5" /> : null}
        {busy ? t('subscriptionPage.processing') : t(`subscriptionPage.buttons.${button}`)}
      </Button>
    </li>
  );
}
