import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_WITH_UNSAVED_EDITS = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Unsaved edits are not lost by leaving: a reload, closing the tab or typing another address gets
 * the browser's own "Leave site?" question (beforeunload); a link, the Back button or the browser's
 * back gets ours (a React Router blocker, which needs the data router of main.tsx). Moving between
 * the sets of the page (?set=) is not leaving. Ctrl+S / Cmd+S saves instead of saving the web page.
 */
export function useUnsavedEditsGuard(hasUnsavedEdits: boolean, save: () => void): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedEdits && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WITH_UNSAVED_EDITS)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!hasUnsavedEdits) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedEdits]);

  // The latest save without re-adding the key listener on every render.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
