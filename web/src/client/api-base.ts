/**
 * The API base (SPEC §7): VITE_API_BASE when configured at build time, else the page's own origin.
 */
const base = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '';

export const apiUrl = (path: string) => `${base}${path}`;

export function wsUrl(path: string): string {
  const u = new URL(apiUrl(path), window.location.href);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}
