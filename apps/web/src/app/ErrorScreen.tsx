import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Shown when rendering fails. Its texts are fixed English: translations may be what failed.
 */
export function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.warn('render failure', error);
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-canvas px-6 text-center">
      <h1 className="font-serif text-2xl text-ink">Unexpected Application Error!</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="min-h-12 rounded-xl bg-primary px-6 font-semibold text-white"
      >
        Try Again
      </button>
    </main>
  );
}
