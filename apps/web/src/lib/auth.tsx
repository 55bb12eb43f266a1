import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import { authClient } from './auth-client';
import { queryClient } from './query-client';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

interface AuthState {
  user: SignedInUser | null;
  isPending: boolean;
  /** Signs out and clears every cached query (records, prayers, journeys, progress...). */
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const sessionUser = session.data?.user;
  const refetch = session.refetch;

  const signOut = useCallback(async () => {
    await authClient.signOut();
    queryClient.clear();
    await refetch();
  }, [refetch]);

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const value = useMemo<AuthState>(
    () => ({
      user: sessionUser ? { id: sessionUser.id, email: sessionUser.email, name: sessionUser.name } : null,
      isPending: session.isPending,
      signOut,
      refresh,
    }),
    [sessionUser, session.isPending, signOut, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
