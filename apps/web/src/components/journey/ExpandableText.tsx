import { useId, useState } from 'react';
import { previewText } from '@selah/domain/journey-rules';

/**
 * Reflection and Prayer Focus: more than 25 words collapse to 25 plus an ellipsis, with See more / See less.
 * `tidyEllipsis` drops punctuation right before the ellipsis.
 */
export function ExpandableText({
  title,
  text,
  seeMore,
  seeLess,
  tidyEllipsis = false,
}: {
  title: string;
  text: string;
  seeMore: string;
  seeLess: string;
  tidyEllipsis?: boolean;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const preview = previewText(text);
  const collapsible = preview !== text;
  // 'remain.…' reads oddly: punctuation right before the ellipsis goes.
  const shown = collapsible && !expanded ? (tidyEllipsis ? preview.replace(/[.,;:!?]+…$/, '…') : preview) : text;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-surface p-6 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-3 leading-relaxed whitespace-pre-line text-ink">
        {shown}
      </p>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded((value) => !value)}
          className="mt-3 -ml-2 min-h-11 rounded-full px-2 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          {expanded ? seeLess : seeMore}
        </button>
      ) : null}
    </section>
  );
}
