import { BookOpen, Home, Plus, Search, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const item = 'flex min-w-14 flex-col items-center gap-1 px-2 py-1 text-xs font-medium';

export function BottomNav() {
  const { t } = useTranslation('common');
  const linkClass = ({ isActive }: { isActive: boolean }) => `${item} ${isActive ? 'text-primary' : 'text-muted hover:text-ink'}`;
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-xl items-center justify-around">
        <NavLink to="/dashboard" className={linkClass}>
          <Home aria-hidden="true" className="h-6 w-6" />
          {t('nav.home')}
        </NavLink>
        <NavLink to="/library" className={linkClass}>
          <BookOpen aria-hidden="true" className="h-6 w-6" />
          {t('nav.library')}
        </NavLink>
        <NavLink
          to="/quiz"
          aria-label={t('nav.create')}
          className="-mt-8 flex h-16 w-16 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-4 ring-canvas transition-transform hover:scale-105"
        >
          <Plus aria-hidden="true" className="h-8 w-8" />
        </NavLink>
        <NavLink to="/search" className={linkClass}>
          <Search aria-hidden="true" className="h-6 w-6" />
          {t('nav.search')}
        </NavLink>
        <NavLink to="/userprofile" className={linkClass}>
          <User aria-hidden="true" className="h-6 w-6" />
          {t('nav.profile')}
        </NavLink>
      </div>
    </nav>
  );
}
