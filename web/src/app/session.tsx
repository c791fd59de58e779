import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { ViewerQuery } from '../modules/auth/graphql/session.graphql';
import type { ViewerQuery as ViewerData } from '../gql/graphql';
import { getToken, setToken, subscribeToken } from './token-store';
import { isUnauthenticated } from './graphql-errors';

export type Viewer = ViewerData['me'];

interface Session {
  token: string | null;
  viewer: Viewer | null;
  loading: boolean;
  error: Error | null;
  signIn(token: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Who is signed in: the stored token and the `me` query behind it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const token = useSyncExternalStore(subscribeToken, getToken);
  const { data, loading, error } = useQuery(ViewerQuery, { skip: !token, fetchPolicy: 'cache-first' });

  // A token the server no longer accepts (expired, forged, user gone) is dropped.
  useEffect(() => {
    if (error && isUnauthenticated(error)) setToken(null);
  }, [error]);

  const signIn = useCallback(
    async (next: string) => {
      setToken(next);
      await client.resetStore();
    },
    [client],
  );
  const signOut = useCallback(async () => {
    setToken(null);
    await client.clearStore();
  }, [client]);

  const value = useMemo<Session>(
    () => ({ token, viewer: token ? (data?.me ?? null) : null, loading: !!token && loading && !data, error: error ?? null, signIn, signOut }),
    [token, data, loading, error, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
