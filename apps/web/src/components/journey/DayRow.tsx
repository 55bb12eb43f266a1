import { Check, ChevronRight, Clock, Lock } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * How a day of a plan looks (fixed and personalized journeys alike): done, the one to do now, open, or not yet
 * (locked behind the day before, or waiting for its time).
 */
export type DayRowLook = 'completed' | 'current' | 'open' | 'locked' | 'waiting';

const rowTone: Record<DayRowLook, string> = {
  completed: 'border-line bg-surface hover:border-primary/40',
  current: 'border-gold/60 bg-gold-soft/40 ring-1 ring-gold/30 hover:border-gold',
  open: 'border-line bg-surface hover:border-primary/40',
  locked: 'border-line/70 bg-surface/60',
  waiting: 'border-line/70 bg-surface/60',
};

const markerBase = 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full';

function Marker({ look, number }: { look: DayRowLook; number: number }) {
  if (look === 'completed') {
    return (
      <span aria-hidden="true" className={`${markerBase} bg-primary text-white`}>
        <Check className="h-5 w-5" />
      </span>
    );
  }
  if (look === 'locked' || look === 'waiting') {
    const Icon = look === 'waiting' ? Clock : Lock;
    return (
      <span aria-hidden="true" className={`${markerBase} bg-line/60 text-muted`}>
        <Icon className="h-4 w-4" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${markerBase} font-semibold tabular-nums ${look === 'current' ? 'bg-gold text-white' : 'bg-primary/10 text-primary'}`}
    >
      {number}
    </span>
  );
}

/** A chip after the day's number: "Completed" or the current day's word (Current, Open now). */
export function DayChip({ tone, children }: { tone: 'completed' | 'current'; children: ReactNode }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tracking-normal normal-case ${tone === 'completed' ? 'bg-primary/10 text-primary' : 'bg-gold text-white'}`}
    >
      {children}
    </span>
  );
}

/**
 * One day of a plan: its marker, "Day n" with a chip, the title and a detail line (length, or what it waits
 * for). A day not yet open is not a link. `dataState` and `testId` are for tests; `hiddenState` is read to
 * screen readers only.
 */
export function DayRow({
  number,
  dayLabel,
  title,
  detail,
  look,
  chip,
  hiddenState,
  to,
  onClick,
  dataState,
  testId,
}: {
  number: number;
  dayLabel: string;
  title: string;
  detail: string | null;
  look: DayRowLook;
  chip?: ReactNode;
  hiddenState?: string;
  to: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  dataState: string;
  testId?: string;
}) {
  const closed = look === 'locked' || look === 'waiting';
  const body = (
    <>
      <Marker look={look} number={number} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-xs font-semibold tracking-wide text-gold uppercase">{dayLabel}</span>
          {chip}
          {hiddenState ? <span className="sr-only">{hiddenState}</span> : null}
        </span>
        <span className={`line-clamp-2 font-semibold break-words ${closed ? 'text-muted' : 'text-ink'}`}>{title}</span>
        {detail ? <span className="block text-sm text-muted">{detail}</span> : null}
      </span>
    </>
  );
  const base = `flex min-h-16 w-full items-center gap-4 rounded-2xl border p-3 text-left shadow-sm transition-colors ${rowTone[look]}`;
  if (closed) {
    return (
      <div aria-disabled="true" data-state={dataState} data-testid={testId} className={`${base} cursor-not-allowed`}>
        {body}
      </div>
    );
  }
  return (
    <Link to={to} onClick={onClick} data-state={dataState} data-testid={testId} className={base}>
      {body}
      <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-muted" />
    </Link>
  );
}
