import { useId, type ReactNode } from 'react';

/** The panel at the top of a journey plan: an icon, a title, a line of text and, when given, its actions. */
export function PlanPanel({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-gold/30 bg-gold-soft/50 p-6 shadow-sm">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-surface text-gold shadow-sm"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="font-serif text-2xl text-ink">
            {title}
          </h2>
          {body ? <p className="mt-1 text-muted">{body}</p> : null}
        </div>
      </div>
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
