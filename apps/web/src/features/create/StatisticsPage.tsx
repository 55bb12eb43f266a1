import { CalendarDays, Plus, Sparkles } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPlan, isUnlimitedPlan } from '@selah/domain/plans';
import type { GenerationStats } from '@selah/domain/records';
import { Card, PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { notify } from '../../lib/toast';
import { useGenerationStats } from './api/get-generation-stats';
import { lastMonths, monthDate } from './months';

/** Months shown in the chart (beyond the spec). */
export const CHART_MONTHS = 12;

const linkButton = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors';

/** /statistics: how many prayers the user has created, in total and this month (spec section 2). */
export default function StatisticsPage() {
  const { t } = useTranslation('create');
  const stats = useGenerationStats();

  // One toast per failure, also under StrictMode's doubled effects.
  const toasted = useRef(false);
  useEffect(() => {
    if (!stats.isError) {
      toasted.current = false;
      return;
    }
    if (toasted.current) return;
    toasted.current = true;
    notify.error(t('statistics.loadFailedToast'));
  }, [stats.isError, t]);

  return (
    <main>
      <PageHeader title={t('statistics.title')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5">
        {stats.isPending ? (
          <div className="flex min-h-[40dvh] items-center justify-center text-primary">
            <Spinner className="h-8 w-8" />
          </div>
        ) : stats.isError ? (
          <p className="rounded-3xl border border-line bg-surface px-5 py-8 text-center text-muted">{t('statistics.loadFailed')}</p>
        ) : (
          <Statistics stats={stats.data} />
        )}
        <Link to="/userprofile" className={`${linkButton} border border-line bg-surface text-ink hover:bg-canvas`}>
          {t('statistics.backToProfile')}
        </Link>
      </div>
    </main>
  );
}

function Statistics({ stats }: { stats: GenerationStats }) {
  const { t, i18n } = useTranslation('create');
  const language = i18n.resolvedLanguage;
  const number = new Intl.NumberFormat(language);
  const thisMonth = stats.monthlyCount[stats.currentMonth] ?? 0;
  const unlimited = isPlan(stats.plan) && isUnlimitedPlan(stats.plan);

  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        <StatCard
          icon={<Sparkles className="h-5 w-5" />}
          label={t('statistics.total')}
          value={number.format(stats.totalCount)}
          hint={t('statistics.totalHint')}
        />
        <StatCard
          icon={<CalendarDays className="h-5 w-5" />}
          label={t('statistics.thisMonth')}
          value={number.format(thisMonth)}
          hint={unlimited ? t('statistics.noLimit') : t('statistics.ofLimit', { limit: number.format(stats.monthlyLimit) })}
        />
      </div>
      <MonthlyChart stats={stats} />
      {stats.totalCount === 0 ? (
        <Link to="/quiz" className={`${linkButton} bg-primary text-white hover:bg-primary-strong`}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t('statistics.createFirst')}
        </Link>
      ) : null}
    </>
  );
}

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint: string }) {
  return (
    <Card className="flex flex-col gap-1">
      <span aria-hidden="true" className="mb-2 flex h-10 w-10 items-center justify-center rounded-full bg-gold-soft text-gold">
        {icon}
      </span>
      <h2 className="text-sm font-medium text-muted">{label}</h2>
      <p className="font-serif text-4xl text-ink">{value}</p>
      <p className="text-sm text-muted">{hint}</p>
    </Card>
  );
}

/** The last twelve months as bars; screen readers get the same numbers as a table. */
function MonthlyChart({ stats }: { stats: GenerationStats }) {
  const { t, i18n } = useTranslation('create');
  const language = i18n.resolvedLanguage;
  const short = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(language);
  const months = lastMonths(stats.currentMonth, CHART_MONTHS).map((slot) => ({
    ...slot,
    count: stats.monthlyCount[slot.key] ?? 0,
    date: monthDate(slot),
  }));
  const highest = Math.max(...months.map((month) => month.count));
  const max = Math.max(1, highest);

  return (
    <Card>
      <h2 id="monthly-chart-title" className="text-lg font-semibold text-ink">
        {t('statistics.chartTitle')}
      </h2>
      <div aria-hidden="true" className="relative mt-5 flex h-40 items-end gap-1 sm:gap-3">
        {highest === 0 ? (
          <p className="absolute inset-0 flex items-center justify-center px-6 text-center text-sm text-muted">
            {t('statistics.chartEmpty')}
          </p>
        ) : null}
        {months.map((month) => {
          const current = month.key === stats.currentMonth;
          return (
            <div key={month.key} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
              <span className={`mb-1 text-[11px] leading-none font-medium ${current ? 'text-primary' : 'text-muted'}`}>
                {month.count > 0 ? number.format(month.count) : ''}
              </span>
              <div
                className={`w-full max-w-9 rounded-t-md transition-[height] duration-700 ${
                  month.count === 0 ? 'bg-line' : current ? 'bg-primary' : 'bg-primary/40'
                }`}
                style={{ height: `max(3px, calc(${(month.count / max) * 100}% - 1rem))` }}
              />
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="mt-2 flex gap-1 border-t border-line pt-2 sm:gap-3">
        {months.map((month) => (
          <span
            key={month.key}
            className={`min-w-0 flex-1 text-center text-[10px] leading-tight sm:text-xs ${
              month.key === stats.currentMonth ? 'font-semibold text-primary' : 'text-muted'
            }`}
          >
            {short.format(month.date).replace('.', '')}
          </span>
        ))}
      </div>
      {/* A table cannot shrink below its content, so the wrapper is what hides it. */}
      <div className="sr-only">
        <table>
          <caption>{t('statistics.chartCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statistics.month')}</th>
              <th scope="col">{t('statistics.prayers')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key}>
                <th scope="row">{long.format(month.date)}</th>
                <td>{number.format(month.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
