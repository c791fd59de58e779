import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { ProjectProgressQuery, ProjectProgressSubscription } from '../graphql/project-progress.graphql';
import { isProgressFinished, type ProjectProgress } from '../progress-rules';
import { useWsStatus } from '../../../client/ws-status';
import type { ProgressFieldsFragment } from '../../../gql/graphql';

/** SPEC §4, §9: project progress polling every 3 s. */
export const PROGRESS_POLL_MS = 3000;

const toProgress = (p: ProgressFieldsFragment): ProjectProgress => ({ ...p, jobs: p.jobs.map((j) => ({ ...j })) });

/**
 * Live progress of a processing project: the `projectProgress` subscription while the socket is up,
 * SPEC §4's polling (fetch now, then every 3 s after each answer) whenever it is not. When the run is over (completed,
 * or failures with completed + failed = total) `onFinished` reloads the project; it is called again
 * on later finished states until the project itself stops reading 'processing'.
 */
export function useProjectProgress(projectId: string, active: boolean, onFinished: () => void) {
  const client = useApolloClient();
  const ws = useWsStatus();
  const [progress, setProgress] = useState<ProjectProgress | null>(null);
  const [subscriptionFailed, setSubscriptionFailed] = useState(false);
  const [subscriptionEnded, setSubscriptionEnded] = useState(false);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const accept = useCallback((p: ProjectProgress) => {
    setProgress(p);
    if (isProgressFinished(p)) finishedRef.current();
  }, []);

  const { restart } = useSubscription(ProjectProgressSubscription, {
    variables: { projectId },
    skip: !active,
    onData: ({ data }) => {
      if (data.data) accept(toProgress(data.data.projectProgress));
    },
    onError: (err) => {
      console.error('Progress subscription failed; polling instead', err);
      setSubscriptionFailed(true);
    },
    onComplete: () => setSubscriptionEnded(true),
  });

  // A socket that comes back gets a fresh subscription (graphql-ws re-subscribes by itself; an errored one does not).
  useEffect(() => {
    if (active && ws === 'connected' && subscriptionFailed) {
      setSubscriptionFailed(false);
      restart();
    }
  }, [active, ws, subscriptionFailed, restart]);

  useEffect(() => {
    if (active) setSubscriptionEnded(false);
  }, [active]);

  const live = active && ws === 'connected' && !subscriptionFailed && !subscriptionEnded;

  useEffect(() => {
    if (!active || live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Now, then 3 s after each answer (as Apollo's pollInterval does), not on a fixed cadence: a slow
    // server is never asked twice at once, and a late tick of a busy page never brings the next poll
    // closer (a browser's setInterval keeps its cadence: one tick 1.3 s late, the next 1.7 s after it).
    const poll = async () => {
      try {
        const r = await client.query({ query: ProjectProgressQuery, variables: { projectId }, fetchPolicy: 'network-only' });
        if (!stopped && r.data) accept(toProgress(r.data.projectProgress));
      } catch (err) {
        console.error('Failed to fetch progress', err);
      }
      if (!stopped) timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, live, client, projectId, accept]);

  return { progress: active ? progress : null, live };
}
