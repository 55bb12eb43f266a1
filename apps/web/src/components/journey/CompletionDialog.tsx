import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../Button';

/** The few spacing and shadow details in which the fixed and the personalized journey's modals differ. */
const looks = {
  journey: {
    dialog: 'p-0 shadow-2xl backdrop:bg-ink/50',
    content: 'px-6 pt-8 pb-6',
    title: 'mt-4',
    actions: 'gap-2',
  },
  personalized: {
    dialog: 'p-6 shadow-xl backdrop:bg-ink/40',
    content: '',
    title: 'mt-5',
    actions: 'gap-3',
  },
} as const;

/**
 * A journey day's completion modal (spec section 4): go on, or Continue Listening. A native modal dialog, so
 * focus stays inside and Escape works; Escape counts as Continue Listening.
 */
export function CompletionDialog({
  open,
  title,
  body,
  goOnLabel,
  continueLabel,
  onGoOn,
  onContinue,
  look = 'journey',
}: {
  open: boolean;
  title: string;
  body: string;
  goOnLabel: string;
  continueLabel: string;
  onGoOn: () => void;
  onContinue: () => void;
  look?: keyof typeof looks;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const styles = looks[look];
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onContinue();
      }}
      className={`m-auto w-[calc(100%-2.5rem)] max-w-sm rounded-3xl border border-line bg-surface text-ink backdrop:backdrop-blur-sm ${styles.dialog}`}
    >
      {open ? (
        <div className={`flex flex-col items-center text-center ${styles.content}`}>
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold">
            <CircleCheck className="h-9 w-9" />
          </span>
          <h2 id={titleId} className={`font-serif text-2xl ${styles.title}`}>
            {title}
          </h2>
          <p className="mt-2 text-muted">{body}</p>
          <div className={`mt-6 flex w-full flex-col ${styles.actions}`}>
            <Button onClick={onGoOn} autoFocus>
              {goOnLabel}
            </Button>
            <Button variant="secondary" onClick={onContinue}>
              {continueLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
