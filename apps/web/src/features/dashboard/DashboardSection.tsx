import { ChevronRight } from 'lucide-react';
import { Children, startTransition, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** How far below the screen a deferred section's cards start to render: one more screen. */
const BELOW_THE_SCREEN = '0px 0px 100% 0px';
/** How far along a row its further cards start to render: one more row's width. */
const ALONG_THE_ROW = '0px 100% 0px 0px';
/** A row's height with its cards (and its scrollbar's room). */
const ROW_HEIGHT = { prayer: 'h-[262px]', journey: 'h-[250px]' } as const;
/** Cards a row renders at first: more than a phone shows (one and a half). */
const FIRST_CARDS = 3;

/**
 * True once the element has come within `rootMargin` of the viewport, or of `root` (and from then on); always
 * true when not `enabled`. The change renders in the background, a few milliseconds at a time, so scrolling
 * stays smooth.
 */
function useComesNear(
  ref: RefObject<HTMLElement | null>,
  { rootMargin, root, enabled = true }: { rootMargin: string; root?: RefObject<HTMLElement | null>; enabled?: boolean },
) {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin, root: root?.current ?? null },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, root, rootMargin]);
  return near;
}

/**
 * A horizontal row of cards. It renders its first few cards, and the rest once the row is scrolled towards
 * them (or on a wide screen, at once): a phone shows one or two of a row's up to twelve cards, and laying out
 * and painting the others held its main thread when the dashboard first showed. A keyboard user tabbing into
 * the row gets them all.
 */
function CardRow({ children }: { children: ReactNode }) {
  const cards = Children.toArray(children);
  const row = useRef<HTMLDivElement>(null);
  const rest = useRef<HTMLDivElement>(null);
  const restNear = useComesNear(rest, { rootMargin: ALONG_THE_ROW, root: row });
  const [focused, setFocused] = useState(false);
  const all = restNear || focused || cards.length <= FIRST_CARDS;
  return (
    <div
      ref={row}
      onFocus={() => setFocused(true)}
      className="flex snap-x gap-4 overflow-x-auto scroll-smooth px-5 pb-3 [scrollbar-width:thin]"
    >
      {all ? cards : cards.slice(0, FIRST_CARDS)}
      {/* Where the further cards go: a card's width, so the row scrolls as far as it will. */}
      {all ? null : <div ref={rest} aria-hidden="true" className="w-[280px] shrink-0" />}
    </div>
  );
}

/**
 * A dashboard section: a heading with an optional action, then a horizontal row of 280 px cards. With
 * `deferCards` the cards render only when the section nears the screen (the heading and its action are there
 * from the start): the nine category rows below the fold are most of the dashboard's cards, and rendering them
 * all when the feed arrives holds a phone's main thread for a quarter of a second.
 */
export function Section({
  id,
  title,
  action,
  children,
  skeletonTitle = false,
  deferCards = false,
  cards = 'prayer',
  notice,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children?: ReactNode;
  skeletonTitle?: boolean;
  deferCards?: boolean;
  /** Which cards the row holds: its height while they are deferred. */
  cards?: 'prayer' | 'journey';
  /** A line under the heading, e.g. why the section is empty; the row follows only if it has cards. */
  notice?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const near = useComesNear(ref, { rootMargin: BELOW_THE_SCREEN, enabled: deferCards });
  const hasCards = Children.toArray(children).length > 0;
  return (
    <section ref={ref} aria-labelledby={`${id}-title`} className="mt-9">
      {/* The title keeps to one line beside its View all on a phone (360-390 px) in every language: a size smaller there. */}
      <div className="mb-4 flex items-center justify-between gap-2 px-5">
        {skeletonTitle ? (
          <div aria-hidden="true" className="h-6 w-40 animate-pulse rounded bg-line/70" />
        ) : (
          <h2 id={`${id}-title`} className="min-w-0 text-lg font-semibold text-ink sm:text-xl">
            {title}
          </h2>
        )}
        {action}
      </div>
      {notice}
      {notice !== undefined && !hasCards ? null : near ? (
        <CardRow>{children}</CardRow>
      ) : (
        // The row's height, so nothing moves when the cards come.
        <div aria-hidden="true" className={ROW_HEIGHT[cards]} />
      )}
    </section>
  );
}

export function ViewAll({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mr-2 flex shrink-0 items-center gap-0.5 rounded-full px-2 py-1.5 text-sm font-semibold whitespace-nowrap text-primary hover:bg-primary/5"
    >
      {label}
      <ChevronRight aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
