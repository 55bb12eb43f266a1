import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/** A dashboard section: a heading with an optional action, then a horizontal row of 280 px cards. */
export function Section({
  id,
  title,
  action,
  children,
  skeletonTitle = false,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  skeletonTitle?: boolean;
}) {
  return (
    // Sections below the fold are not laid out or painted until they near the viewport (content-visibility), so
    // the dashboard's first screen does not pay for the sixty-odd cards further down.
    <section aria-labelledby={`${id}-title`} className="mt-9 [contain-intrinsic-size:auto_300px] [content-visibility:auto]">
      <div className="mb-4 flex items-center justify-between gap-3 px-5">
        {skeletonTitle ? (
          <div aria-hidden="true" className="h-6 w-40 animate-pulse rounded bg-line/70" />
        ) : (
          <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
            {title}
          </h2>
        )}
        {action}
      </div>
      <div className="flex snap-x gap-4 overflow-x-auto scroll-smooth px-5 pb-3 [scrollbar-width:thin]">{children}</div>
    </section>
  );
}

export function ViewAll({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex shrink-0 items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-primary hover:bg-primary/5"
    >
      {label}
      <ChevronRight aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
