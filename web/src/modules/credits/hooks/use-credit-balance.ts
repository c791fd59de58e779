import { useCallback, useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router';
import { CreditBalanceQuery } from '../graphql/credits.graphql';
import { isUnauthenticated } from '../../../client/graphql-errors';
import { endRefusedSession, useSession } from '../../auth/session';

const POLL_MS = 60_000;
const STALE_ON_FOCUS_MS = 30_000;

/**
 * When the balance was last asked of the server, shared by every reader: a poll or a focus refetch
 * from the badge makes the others' copy fresh too (they read the same Apollo cache entry).
 */
let lastFetchAt = 0;

/**
 * The signed-in user's balance (SPEC §7): with `{ poll: true }` (the navigation badge, mounted
 * whenever someone is signed in) it is refetched every 60 s, and on window focus when the last
 * fetch is older than 30 s. A 401 signs out and goes to /login (SPEC §6, §8).
 */
export function useCreditBalance({ poll = false }: { poll?: boolean } = {}) {
  const { token, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, loading, error, refetch } = useQuery(CreditBalanceQuery, {
    skip: !token,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });

  useEffect(() => {
    if (data || error) lastFetchAt = Math.max(lastFetchAt, Date.now() - 1);
  }, [data, error]);

  const fetchNow = useCallback(() => {
    lastFetchAt = Date.now();
    return refetch().catch(() => undefined);
  }, [refetch]);

  useEffect(() => {
    if (!token || !poll) return;
    const timer = setInterval(() => void fetchNow(), POLL_MS);
    const onFocus = () => {
      if (Date.now() - lastFetchAt > STALE_ON_FOCUS_MS) void fetchNow();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [token, poll, fetchNow]);

  useEffect(() => {
    if (error && isUnauthenticated(error)) {
      // The login page says why and, after login, returns to the page the user was on.
      endRefusedSession(error);
      void signOut().then(() => navigate('/login', { state: { from: location } }));
    }
    // Once per refusal (not again on each page change): `location` is read, not depended on.
  }, [error, signOut, navigate]);

  const balance = data?.me.creditBalance != null ? Number(data.me.creditBalance) : null;
  const errorMessage = !token ? 'Not authenticated' : error ? 'Failed to fetch credit balance' : null;
  return { balance, loading: !!token && loading && balance === null, errorMessage, refetch: fetchNow };
}
