import { ChevronRight, Route } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { coverOf } from './PrayerCard';

const COVER_KEYS = ['faith', 'peace', 'guidance', 'healing', 'relationships', 'sleep', 'success', 'health', 'money'] as const;

/** A journey's cover: the category its id names (faith-boost -> faith), else one picked steadily from its id. */
export function journeyCover(journeyId: string) {
  const named = COVER_KEYS.find((key) => journeyId.includes(key));
  if (named) return coverOf(named);
  let hash = 0;
  for (const char of journeyId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return coverOf(COVER_KEYS[hash % COVER_KEYS.length]!);
}

/** A small progress bar with its 'x of y' caption. */
export function JourneyProgressBar({
  completed,
  total,
  caption,
  label,
}: {
  completed: number;
  total: number;
  caption: string;
  label: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((completed / total) * 100)) : 0;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-valuetext={caption}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-gold transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-xs font-semibold text-muted tabular-nums">{caption}</span>
    </div>
  );
}

/**
 * A 280 px journey card (spec: cards are 280 px wide): cover, title, subtitle, days and minutes. `footer`
 * (progress and the Start / Continue / Resume / Replay button) sits below the link, so the two never nest.
 */
export function JourneyCard({
  journeyId,
  title,
  subtitle,
  meta,
  to,
  badge,
  footer,
}: {
  journeyId: string;
  title: string;
  subtitle: string;
  meta: string;
  to: string;
  badge?: string;
  footer?: ReactNode;
}) {
  const cover = journeyCover(journeyId);
  return (
    <article
      aria-label={title}
      className="flex w-[280px] shrink-0 flex-col overflow-hidden rounded-3xl border border-line bg-surface shadow-sm"
    >
      <Link to={to} className="group flex flex-1 flex-col text-left">
        <div className={`relative flex h-28 items-start justify-between bg-gradient-to-br ${cover.gradient} p-4 text-white`}>
          <span aria-hidden="true" className="text-white/80">
            <Route className="h-7 w-7" />
          </span>
          {badge ? (
            <span className="rounded-full bg-black/25 px-3 py-1 text-xs font-semibold tracking-wide backdrop-blur">{badge}</span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <span className="flex items-start justify-between gap-2">
            <span className="line-clamp-2 font-semibold text-ink group-hover:text-primary">{title}</span>
            <ChevronRight aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-muted" />
          </span>
          <span className="line-clamp-2 text-sm text-muted">{subtitle}</span>
          <span className="mt-1 text-xs font-semibold tracking-wide text-gold uppercase">{meta}</span>
        </div>
      </Link>
      {footer ? <div className="flex flex-col gap-3 border-t border-line px-4 pt-3 pb-4">{footer}</div> : null}
    </article>
  );
}

export function JourneyCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex w-[280px] shrink-0 animate-pulse flex-col overflow-hidden rounded-3xl border border-line bg-surface"
    >
      <div className="h-28 bg-line/60" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-4 w-3/4 rounded bg-line/70" />
        <div className="h-3 w-full rounded bg-line/50" />
        <div className="h-3 w-1/3 rounded bg-line/50" />
      </div>
    </div>
  );
}
