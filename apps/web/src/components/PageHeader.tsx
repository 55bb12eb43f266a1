import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function PageHeader({
  title,
  back,
  backLabel,
  children,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mx-auto flex max-w-2xl items-center gap-3 px-5 pt-8 pb-4">
      {back ? (
        <Link to={back} aria-label={backLabel} className="-ml-2 rounded-full p-2 text-muted hover:bg-surface hover:text-ink">
          <ChevronLeft aria-hidden="true" className="h-6 w-6" />
        </Link>
      ) : null}
      <h1 className="flex-1 font-serif text-3xl text-ink">{title}</h1>
      {children}
    </header>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-3xl border border-line bg-surface p-5 shadow-sm ${className}`}>{children}</section>;
}
