import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isPlayerTrack } from '@selah/domain/player';
import { CreateCard } from '../../components/CreateCard';
import { PageHeader } from '../../components/PageHeader';
import { PrayerCard } from '../../components/PrayerCard';
import { useAudioControls } from '../../lib/audio';
import { useAuth } from '../../lib/auth';
import { useDurations } from '../../lib/durations';
import type { CategoryState } from '../../lib/tracks';

function isCategoryState(value: unknown): value is CategoryState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<CategoryState>;
  return typeof state.name === 'string' && Array.isArray(state.items) && state.items.every(isPlayerTrack);
}

/** /category: the name and items arrive in navigation state (spec section 2); without them, back to the dashboard. */
export default function CategoryPage() {
  const { t } = useTranslation('common');
  const { state } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const audio = useAudioControls();
  const { duration } = useDurations();
  if (!isCategoryState(state)) return <Navigate to="/dashboard" replace />;

  return (
    <main>
      <PageHeader title={state.name} back="/dashboard" backLabel={t('nav.home')} />
      <div className="mx-auto grid max-w-6xl grid-cols-[repeat(auto-fill,280px)] justify-center gap-5 px-5 pb-6">
        {state.items.map((track) => (
          <PrayerCard
            key={track.id}
            title={track.title}
            preference={track.preference}
            meta={duration(track.duration)}
            playLabel={t('card.play')}
            onOpen={() => {
              audio.open(track);
              void navigate('/player', { state: track });
            }}
          />
        ))}
        <CreateCard to={user ? '/quiz' : '/login'} title={t('dashboard.createTitle')} body={t('dashboard.createBody')} />
      </div>
    </main>
  );
}
