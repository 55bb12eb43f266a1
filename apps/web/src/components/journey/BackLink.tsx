import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small link back at the top of a journey plan. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full pr-3 pl-1 text-sm font-semibold text-muted hover:bg-surface hover:text-ink"
    >
      <ChevronLeft aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}
