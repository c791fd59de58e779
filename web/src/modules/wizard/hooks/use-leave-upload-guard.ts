import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_DURING_UPLOAD = 'Leave while files are uploading? What is sent so far is kept: choose the card folder again to continue.';

/**
 * Leaving the page while a card uploads asks first, as the editor does for unsaved edits: a reload,
 * closing the tab or typing an address gets the browser's own question (beforeunload); a link or the
 * Back button gets the page's own (the returned blocker: FileUploadStep shows it as a dialog).
 */
export function useLeaveUploadGuard(uploading: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => uploading && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [uploading]);

  return blocker;
}
