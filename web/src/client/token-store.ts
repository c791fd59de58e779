/** The bearer token lives in local storage under 'token' (SPEC §6); Logout removes it. */
const KEY = 'token';
const listeners = new Set<() => void>();

export const getToken = () => localStorage.getItem(KEY);

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(KEY, token);
  else localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

/** Re-render on sign-in/out, including from another tab. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Why the session ended when the server refused the token (expired, or the password was changed
 * elsewhere), kept for the login page the user is sent to. sessionStorage: per tab, and gone once read.
 */
const ENDED_KEY = 'sessionEnded';

export function noteSessionEnded(message: string): void {
  sessionStorage.setItem(ENDED_KEY, message);
}

export const peekSessionEnded = (): string | null => sessionStorage.getItem(ENDED_KEY);

export function clearSessionEnded(): void {
  sessionStorage.removeItem(ENDED_KEY);
}
