import { useEffect } from 'react';
import { useSession } from '../modules/auth/session';
import type { ThemeName } from '../ui/themes';

const LOCAL_KEY = 'theme';

/** Applies the signed-in user's stored theme (web3 by default) to the document. */
export function ThemeApplier() {
  const { viewer } = useSession();
  const theme = viewer?.theme ?? (localStorage.getItem(LOCAL_KEY) as ThemeName | null) ?? 'web3';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    // Remembered locally too, so the next visit paints in the right theme before `me` loads.
    localStorage.setItem(LOCAL_KEY, theme);
  }, [theme]);
  return null;
}
