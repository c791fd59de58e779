import { useSyncExternalStore } from 'react';

/**
 * The state of the app's graphql-ws socket, fed by the client's events (apollo-client.ts). graphql-ws
 * retries a dropped socket silently, so a subscription alone cannot tell its user that updates
 * stopped; screens that must not go stale (project progress) fall back to polling on this signal.
 */
export type WsStatus = 'idle' | 'connecting' | 'connected' | 'closed';

let status: WsStatus = 'idle';
const listeners = new Set<() => void>();

export function setWsStatus(next: WsStatus): void {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

export const getWsStatus = () => status;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useWsStatus = () => useSyncExternalStore(subscribe, getWsStatus);
