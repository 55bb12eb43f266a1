import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/Spinner';

/** A large choice on the quiz: an icon on a soft gradient, a title and one line about it. Choosing it acts at once. */
export function OptionCard({
  title,
  body,
  icon,
  gradient,
  onChoose,
  disabled = false,
  busy = false,
}: {
  title: string;
  body: string;
  icon: ReactNode;
  /** Tailwind gradient stops, e.g. from-[#2f4858] to-[#33658a]. */
  gradient: string;
  onChoose: () => void;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={disabled}
      aria-busy={busy || undefined}
      className={`group flex w-full items-center gap-4 rounded-3xl border border-line bg-surface p-4 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:-translate-y-0.5 disabled:cursor-not-allowed disabled:hover:translate-y-0 disabled:hover:border-line disabled:hover:shadow-sm sm:p-5 ${disabled && !busy ? 'opacity-60' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br text-white shadow-sm ${gradient}`}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-semibold text-ink">{title}</span>
        <span className="mt-0.5 block text-sm text-muted">{body}</span>
      </span>
      <span aria-hidden="true" className="shrink-0 text-muted group-hover:text-primary">
        {busy ? <Spinner className="h-5 w-5 text-primary" /> : <ChevronRight className="h-5 w-5" />}
      </span>
    </button>
  );
}
