import { CircleAlert } from 'lucide-react';
import { Button } from '../../components/Button';

/** A journey or its progress could not be loaded: the spec's message and Try Again (spec section 8). */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mt-4 flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-sm"
    >
      <CircleAlert aria-hidden="true" className="h-8 w-8 text-danger" />
      <p className="text-ink">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
