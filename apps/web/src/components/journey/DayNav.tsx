import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Previous / next below a journey day, with a line under them when there is something to say. */
export function DayNav({ label, hint, children }: { label: string; hint: string | null; children: ReactNode }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-3">
      <div className="flex items-stretch gap-3">{children}</div>
      {hint ? <p className="text-center text-sm text-muted">{hint}</p> : null}
    </nav>
  );
}

/** The way back to the day before. */
export function PreviousDayLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Link
      to={to}
      state={state}
      className="inline-flex min-h-12 items-center justify-center gap-1 rounded-xl border border-line bg-surface px-4 font-semibold text-ink hover:bg-canvas"
    >
      <ChevronLeft aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}

/** The main way on: the next day, or back to the plan. */
export function NextDayLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Link
      to={to}
      state={state}
      className="inline-flex min-h-12 flex-1 items-center justify-center gap-1 rounded-xl bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
    >
      {children}
      <ChevronRight aria-hidden="true" className="h-5 w-5" />
    </Link>
  );
}

/** The next day while it cannot be opened yet: a disabled button saying why. */
export function LockedNextDay({ children }: { children: ReactNode }) {
  return (
    <button
      type="button"
      disabled
      className="inline-flex min-h-12 flex-1 cursor-not-allowed items-center justify-center gap-2 rounded-xl border border-dashed border-line bg-surface/60 px-4 text-center font-semibold text-muted"
    >
      <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
      {children}
    </button>
  );
}
