import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Screens whose capability has not been built yet say so calmly instead of failing. */
export default function ComingSoonPage() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <Sparkles aria-hidden="true" className="h-10 w-10 text-gold" />
      <h1 className="font-serif text-2xl text-ink">{t('comingSoon.title')}</h1>
      <p className="text-muted">{t('comingSoon.body')}</p>
      <Link to="/dashboard" className="font-semibold text-primary underline-offset-4 hover:underline">
        {t('comingSoon.back')}
      </Link>
    </main>
  );
}
