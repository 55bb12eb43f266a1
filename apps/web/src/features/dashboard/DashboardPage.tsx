import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';

function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export default function DashboardPage() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  return (
    <main className="mx-auto max-w-5xl px-5 pt-10">
      <p className="text-sm font-medium tracking-wide text-gold uppercase">Selah</p>
      <h1 className="mt-1 font-serif text-3xl text-ink">{t(`dashboard.greeting.${partOfDay(new Date().getHours())}`)}</h1>
      <p className="mt-2 text-muted">{t('dashboard.subtitle')}</p>

      <section aria-labelledby="your-prayers" className="mt-10">
        <h2 id="your-prayers" className="mb-4 text-xl font-semibold text-ink">
          {t('dashboard.yourPrayers')}
        </h2>
        <div className="flex gap-4 overflow-x-auto pb-2">
          <Link
            to={user ? '/quiz' : '/login'}
            className="flex h-44 w-[280px] shrink-0 flex-col justify-between rounded-3xl bg-gradient-to-br from-primary to-primary-strong p-5 text-white shadow-md transition-transform hover:-translate-y-0.5"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white/15">
              <Plus aria-hidden="true" className="h-6 w-6" />
            </span>
            <span>
              <span className="block text-lg font-semibold">{t('dashboard.createTitle')}</span>
              <span className="mt-1 block text-sm text-white/80">{t('dashboard.createBody')}</span>
            </span>
          </Link>
        </div>
      </section>
    </main>
  );
}
