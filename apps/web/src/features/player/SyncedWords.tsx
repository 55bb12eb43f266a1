import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cue } from '../../lib/audio';

/**
 * The prayer's lines as they are spoken (issue 22): the line being spoken stands out and stays in view, and a
 * tap on a line plays from there. Each line is a button, so the keyboard and screen readers reach it too; the
 * spoken one is marked as the current one.
 */
export function SyncedWords({ cues, active, onSeek }: { cues: Cue[]; active: number; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation('player');
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = container.current;
    const line = active >= 0 ? box?.querySelector<HTMLElement>(`[data-cue="${active}"]`) : null;
    if (!box || !line) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Scrolls the words' own box, never the page: the line comes to the box's middle.
    const top = line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2;
    box.scrollTo({ top: Math.max(0, top), behavior: still ? 'auto' : 'smooth' });
  }, [active]);

  return (
    <section aria-label={t('text')} className="mx-auto w-full max-w-md rounded-3xl border border-line bg-surface shadow-sm lg:max-w-none">
      <div
        ref={container}
        data-testid="synced-words"
        className="relative flex max-h-[42dvh] flex-col gap-1 overflow-y-auto p-4 font-serif text-lg leading-relaxed lg:max-h-[calc(100dvh-8rem)]"
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
    </section>
  );
}
