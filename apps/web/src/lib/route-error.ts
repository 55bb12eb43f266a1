import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_DISPLAY_MS } from '@selah/domain/journey-rules';

/**
 * Route errors (spec section 2): a page that cannot show what its address asks for redirects with the error
 * message and the path it came from in the navigation state; the target page shows the message.
 */
export interface RouteErrorState {
  error: string;
  from: string;
}

export function routeErrorState(error: string, from: string): RouteErrorState {
  return { error, from };
}

/** The message of a route error carried in `state`, if any. */
export function routeErrorOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null;
  const { error } = state as { error: unknown };
  return typeof error === 'string' && error.trim() ? error : null;
}

/**
 * An error message shown for ERROR_DISPLAY_MS (5 s, spec section 8), then cleared. `initial` (e.g. a route
 * error) starts the first display; `show` replaces the message and restarts the clock.
 */
export function useTimedError(initial: string | null = null): [string | null, (message: string) => void, () => void] {
  const [error, setError] = useState<{ message: string; at: number } | null>(initial ? { message: initial, at: 0 } : null);
  const counter = useRef(0);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError((current) => (current === error ? null : current)), ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [error]);
  const show = useCallback((message: string) => {
    counter.current += 1;
    setError({ message, at: counter.current });
  }, []);
  const clear = useCallback(() => setError(null), []);
  return [error?.message ?? null, show, clear];
}

/**
 * The timed error of a page, starting with the route error it was sent here with. The error is then taken
 * out of the history entry (the rest of the state stays), so a reload or a way back does not show it again.
 */
export function useRouteError(): [string | null, (message: string) => void, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => routeErrorOf(location.state));
  const timed = useTimedError(initial);
  const carriesError = routeErrorOf(location.state) !== null;
  useEffect(() => {
    if (!carriesError) return;
    const { error: _error, from: _from, ...rest } = location.state as RouteErrorState & Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [carriesError, location, navigate]);
  return timed;
}
