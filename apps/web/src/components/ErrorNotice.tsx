import { CircleAlert } from 'lucide-react';

/** An inline error line (role alert, so screen readers announce it); renders nothing without a message. */
export function ErrorNotice({ message, className = '' }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`flex items-start gap-2 rounded-2xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger ${className}`}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
