import { BookHeart, Cloud, Coins, Compass, HeartHandshake, HeartPulse, Leaf, Moon, Play, Sparkles, Sun, Trophy } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useWarmAudio } from '../lib/warm-audio';

/** A calm cover per preference: our own gradients and icons, no third-party images. */
const covers: Record<string, { gradient: string; icon: ReactNode }> = {
  prayers: { gradient: 'from-[#3d4a7a] to-[#6b5b95]', icon: <BookHeart className="h-7 w-7" /> },
  daily: { gradient: 'from-[#b8893a] to-[#d9a066]', icon: <Sun className="h-7 w-7" /> },
  faith: { gradient: 'from-[#2f4858] to-[#33658a]', icon: <Sparkles className="h-7 w-7" /> },
  guidance: { gradient: 'from-[#3a5a40] to-[#588157]', icon: <Compass className="h-7 w-7" /> },
  healing: { gradient: 'from-[#6d597a] to-[#b56576]', icon: <HeartPulse className="h-7 w-7" /> },
  health: { gradient: 'from-[#386641] to-[#6a994e]', icon: <Leaf className="h-7 w-7" /> },
  money: { gradient: 'from-[#7f5539] to-[#b08968]', icon: <Coins className="h-7 w-7" /> },
  peace: { gradient: 'from-[#457b9d] to-[#7fb3c8]', icon: <Cloud className="h-7 w-7" /> },
  relationships: { gradient: 'from-[#9d4e5d] to-[#d08c60]', icon: <HeartHandshake className="h-7 w-7" /> },
  sleep: { gradient: 'from-[#1d2747] to-[#3d4a7a]', icon: <Moon className="h-7 w-7" /> },
  success: { gradient: 'from-[#5f4b8b] to-[#8e7cc3]', icon: <Trophy className="h-7 w-7" /> },
};

export function coverOf(preference: string) {
  return covers[preference] ?? covers.prayers!;
}

/**
 * A 280 px prayer card (spec: cards are 280 px wide). `label` is a small line above the title
 * (a date label, a status); `meta` the duration line. The button's name starts with what it shows, then
 * the action (screen readers and voice control match the visible text).
 */
export function PrayerCard({
  title,
  preference,
  label,
  meta,
  playLabel,
  onOpen,
  busy,
  warmUrl,
  className = '',
}: {
  title: string;
  preference: string;
  label?: string;
  meta?: string;
  playLabel: string;
  onOpen?: () => void;
  busy?: ReactNode;
  /** The audio a tap plays: its start is fetched ahead once the card is on screen (lib/warm-audio.ts). */
  warmUrl?: string | null;
  className?: string;
}) {
  const cover = coverOf(preference);
  const playable = onOpen !== undefined && !busy;
  const buttonRef = useRef<HTMLButtonElement>(null);
  useWarmAudio(buttonRef, playable ? warmUrl : null);
  const content = (
    <>
      <div className={`relative flex h-36 items-end bg-gradient-to-br ${cover.gradient} p-4 text-white`}>
        <span aria-hidden="true" className="absolute top-4 left-4 text-white/80">
          {cover.icon}
        </span>
        {label ? (
          <span className="max-w-[calc(100%-4rem)] truncate rounded-full bg-black/20 px-3 py-1 text-xs font-semibold tracking-wide backdrop-blur">
            {label}
          </span>
        ) : null}
        <span
          aria-hidden="true"
          className="absolute right-4 bottom-4 flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-primary shadow"
        >
          {busy ?? <Play className="ml-0.5 h-5 w-5 fill-current" />}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {/* Room for two lines always: every card has the same height, so rows keep their height as the
            dashboard renders their cards (features/dashboard/DashboardSection). */}
        <span className="line-clamp-2 min-h-12 font-semibold text-ink">{title}</span>
        {meta ? <span className="text-sm text-muted">{meta}</span> : null}
      </div>
    </>
  );
  const base = `flex w-[280px] shrink-0 flex-col overflow-hidden rounded-3xl border border-line bg-surface text-left shadow-sm ${className}`;
  if (!playable) return <div className={`${base} opacity-90`}>{content}</div>;
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onOpen}
      aria-label={`${[label, title, meta].filter(Boolean).join(' ')}, ${playLabel}`}
      className={`${base} transition-transform hover:-translate-y-0.5 focus-visible:-translate-y-0.5`}
    >
      {content}
    </button>
  );
}

export function CardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-[250px] w-[280px] shrink-0 animate-pulse flex-col overflow-hidden rounded-3xl border border-line bg-surface"
    >
      <div className="h-36 bg-line/60" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-4 w-3/4 rounded bg-line/70" />
        <div className="h-3 w-1/3 rounded bg-line/50" />
      </div>
    </div>
  );
}
