import { BookOpen } from 'lucide-react';
import { useId } from 'react';

/** Today's Verse on a journey day: the verse in a quote, and its reference below when there is one. */
export function VerseCard({ title, text, reference }: { title: string; text: string; reference?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-gold/30 bg-gold-soft/60 p-6 shadow-sm">
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold tracking-wide text-gold uppercase">
        <BookOpen aria-hidden="true" className="h-4 w-4" />
        {title}
      </h2>
      <blockquote className="mt-3">
        <p className="font-serif text-xl leading-relaxed text-ink italic">{text}</p>
        {reference !== undefined ? <footer className="mt-2 text-sm font-semibold text-muted">{reference}</footer> : null}
      </blockquote>
    </section>
  );
}
