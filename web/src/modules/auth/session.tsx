import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { ViewerQuery } from './graphql/session.graphql';
import type { ViewerQuery as ViewerData } from '../../gql/graphql';
import { getToken, noteSessionEnded, setToken, subscribeToken } from '../../client/token-store';
import { isUnauthenticated, serverMessage } from '../../client/graphql-errors';

/** What the login page says when the server refused a stored token without saying why. */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** Drops a token the server refused, noting why for the login page (SPEC §8 leaves it open). */
export function endRefusedSession(error: unknown): void {
  if (getToken()) noteSessionEnded(serverMessage(error, SESSION_EXPIRED));
  setToken(null);
}

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
    if (error && isUnauthenticated(error)) endRefusedSession(error);
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
