import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { track } from './analytics';
import { authClient } from './auth-client';
import { queryClient } from './query-client';
import { takeSocialSignIn } from './social-sign-in';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

interface AuthState {
  user: SignedInUser | null;
  /** True only until the first session answer: later refetches never count as pending. */
  isPending: boolean;
  /** Signs out and clears every cached query (records, prayers, journeys, progress...). */
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** What must happen while the person is still signed in, just before sign-out (app/ registers them). */
const beforeSignOut = new Set<() => Promise<void>>();

/** Runs `task` at every sign-out, before the session ends (it may still call the API); returns its removal. */
export function whenSigningOut(task: () => Promise<void>): () => void {
  beforeSignOut.add(task);
  return () => void beforeSignOut.delete(task);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const sessionUser = session.data?.user;
  const refetch = session.refetch;
  // better-auth marks every refetch while signed out as pending (data is null). Only the first answer
  // matters here: otherwise sign-up, a focus refetch or refresh() would unmount the router into the splash.
  const [settled, setSettled] = useState(false);
  if (!settled && !session.isPending) setSettled(true);
  const isPending = !settled && session.isPending;

  // Back from Google or Apple signed in: the login event, with its method (spec section 3). Email sign-in
  // sends its own from the login page.
  const userId = sessionUser?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    const provider = takeSocialSignIn();
    if (provider) track({ name: 'login', params: { method: provider } });
  }, [userId]);

  const signOut = useCallback(async () => {
    // Never blocks the sign-out: a task that fails is only logged.
    await Promise.all([...beforeSignOut].map((task) => task().catch((error: unknown) => console.warn('before sign-out', error))));
    // No signal: better-auth's own session refetch, 10 ms later, would cancel the awaited one below.
    await authClient.signOut({ fetchOptions: { disableSignal: true } });
    // The session goes first: clearing the cache while the user still looks signed in makes mounted
    // screens refetch their data (GET /api/me...) without a session, which answers 401.
    await refetch();
    queryClient.clear();
    // Downloads are the account's: none stays on the device after it signs out.
    await import('./downloads')
      .then(({ clearDownloads }) => clearDownloads())
      .catch((error: unknown) => console.warn('downloads not cleared', error));
  }, [refetch]);

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const value = useMemo<AuthState>(
    () => ({
      user: sessionUser ? { id: sessionUser.id, email: sessionUser.email, name: sessionUser.name } : null,
      isPending,
      signOut,
      refresh,
    }),
    [sessionUser, isPending, signOut, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
