import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cue } from '@selah/domain/player';

/**
 * The prayer's lines as they are spoken (issue 22): the line being spoken stands out and stays in view, and a
 * tap on a line plays from there. Each line is a button, so the keyboard and screen readers reach it too; the
 * spoken one is marked as the current one.
 */
export function SyncedWords({
  cues,
  active,
  onSeek,
  collapseAboveChars,
}: {
  cues: Cue[];
  active: number;
  onSeek: (seconds: number) => void;
  /** A longer text starts folded to a few lines (See more, spec section 9); the spoken line stays in view. */
  collapseAboveChars: number;
}) {
  const { t } = useTranslation('player');
  const container = useRef<HTMLDivElement>(null);
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const collapsible = cues.reduce((length, cue) => length + cue.text.length + 1, 0) > collapseAboveChars;
  const folded = collapsible && !expanded;

  useEffect(() => {
    const box = container.current;
    const line = active >= 0 ? box?.querySelector<HTMLElement>(`[data-cue="${active}"]`) : null;
    if (!box || !line) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Scrolls the words' own box, never the page: the line comes to the box's middle.
    const top = line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2;
    box.scrollTo({ top: Math.max(0, top), behavior: still ? 'auto' : 'smooth' });
  }, [active, folded]);

  return (
    <section aria-label={t('text')} className="mx-auto w-full max-w-md rounded-3xl border border-line bg-surface shadow-sm lg:max-w-none">
      <div
        ref={container}
        id={id}
        data-testid="synced-words"
        className={`relative flex flex-col gap-1 overflow-y-auto p-4 font-serif text-lg leading-relaxed ${
          folded ? 'max-h-48' : 'max-h-[60dvh] lg:max-h-[calc(100dvh-12rem)]'
        }`}
      >
        {cues.map((cue, index) => (
          <button
            key={`${index}-${cue.start}`}
            type="button"
            data-cue={index}
            aria-current={index === active ? 'true' : undefined}
            aria-label={t('seekToLine', { line: cue.text })}
            onClick={() => onSeek(cue.start)}
            className={`rounded-xl px-2 py-1 text-left transition-colors duration-300 ${
              index === active ? 'bg-gold-soft text-ink' : 'text-muted hover:text-ink'
            }`}
          >
            {cue.text}
          </button>
        ))}
      </div>
      {collapsible ? (
        <div className="border-t border-line px-6 py-3">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((value) => !value)}
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {expanded ? t('seeLess') : t('seeMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
