import { useEffect, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { CreditBalanceQuery } from '../graphql/credits.graphql';
import { isUnauthenticated } from '../../../app/graphql-errors';
import { useSession } from '../../../app/session';

const POLL_MS = 60_000;
const STALE_ON_FOCUS_MS = 30_000;

/**
 * The signed-in user's balance (SPEC §7): refetched every 60 s, and on window focus when the last
 * fetch is older than 30 s. A 401 signs out and goes to /login (SPEC §6, §8).
 */
export function useCreditBalance() {
  const { token, signOut } = useSession();
  const navigate = useNavigate();
  const lastFetch = useRef(0);
  const { data, loading, error, refetch } = useQuery(CreditBalanceQuery, {
    skip: !token,
    pollInterval: POLL_MS,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });

  useEffect(() => {
    if (data) lastFetch.current = Date.now();
  }, [data]);

  useEffect(() => {
    if (!token) return;
    const onFocus = () => {
      if (Date.now() - lastFetch.current > STALE_ON_FOCUS_MS) void refetch().catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [token, refetch]);

  useEffect(() => {
    if (error && isUnauthenticated(error)) {
      void signOut().then(() => navigate('/login'));
    }
  }, [error, signOut, navigate]);

  const balance = data?.me.creditBalance != null ? Number(data.me.creditBalance) : null;
  const errorMessage = !token ? 'Not authenticated' : error ? 'Failed to fetch credit balance' : null;
  return { balance, loading: !!token && loading && balance === null, errorMessage, refetch };
}
