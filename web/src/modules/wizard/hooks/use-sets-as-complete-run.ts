import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { StartProcessingAsSetsCompleteMutation, StopTakingSetsMutation } from '../graphql/wizard.graphql';

/**
 * The opt-in "Process each set as soon as it is complete" (issue 18 item 6): whether it is chosen,
 * and the run it opens before the first byte and stops once the card is in (or the upload is
 * cancelled), so the run ends with the sets it took.
 */
export function useSetsAsCompleteRun(projectId: string, takingSets: boolean) {
  const [chosen, setChosen] = useState(takingSets);
  const [open, setOpenState] = useState(takingSets);
  // The upload queue's callbacks outlive the render that made them: they read the run's state from here.
  const openNow = useRef(takingSets);
  const setOpen = (next: boolean) => {
    openNow.current = next;
    setOpenState(next);
  };
  const [openRun] = useMutation(StartProcessingAsSetsCompleteMutation);
  const [stopRun] = useMutation(StopTakingSetsMutation);

  /** Opens the run when the opt-in is chosen and none is open; the message to show when it could not. */
  const openIfChosen = async (): Promise<string | null> => {
    if (!chosen || openNow.current) return null;
    try {
      await openRun({ variables: { projectId } });
      setOpen(true);
      return null;
    } catch (err) {
      return `Could not start processing sets as they complete: ${(err as Error).message}`;
    }
  };

  /** No more sets for the run (the card is in, or the upload was cancelled): it ends with the sets it took. */
  const stopTakingSets = async () => {
    if (!openNow.current) return;
    try {
      await stopRun({ variables: { projectId } });
    } catch {
      // Already ended (credits ran out, or another tab stopped it): nothing left to stop.
    }
  };

  return {
    chosen,
    setChosen,
    open,
    isOpenNow: () => openNow.current,
    openIfChosen,
    stopTakingSets,
    /** After a cancel: the run stops taking sets and the opt-in can be chosen again. */
    end: () => void stopTakingSets().then(() => setOpen(false)),
  };
}

export type SetsAsCompleteRun = ReturnType<typeof useSetsAsCompleteRun>;
