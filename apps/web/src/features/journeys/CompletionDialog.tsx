import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';

/**
 * The completion modal (spec section 4): go on, or Continue Listening; both mark the day completed. A native
 * modal dialog, so focus stays inside and Escape works; Escape counts as Continue Listening.
 */
export function CompletionDialog({
  open,
  title,
  body,
  goOnLabel,
  continueLabel,
  onGoOn,
  onContinue,
}: {
  open: boolean;
  title: string;
  body: string;
  goOnLabel: string;
  continueLabel: string;
  onGoOn: () => void;
  onContinue: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="completion-title"
      onCancel={(event) => {
        event.preventDefault();
        onContinue();
      }}
      className="m-auto w-[calc(100%-2.5rem)] max-w-sm rounded-3xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-ink/50 backdrop:backdrop-blur-sm"
    >
      {open ? (
        <div className="flex flex-col items-center px-6 pt-8 pb-6 text-center">
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold">
            <CircleCheck className="h-9 w-9" />
          </span>
          <h2 id="completion-title" className="mt-4 font-serif text-2xl">
            {title}
          </h2>
          <p className="mt-2 text-muted">{body}</p>
          <div className="mt-6 flex w-full flex-col gap-2">
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
