import { useEffect, useSyncExternalStore } from 'react';
import { wsClient } from '../../apollo/ws-client';

/** Whether the live-update socket is up: 'live', or 'connecting' while it (re)connects. */
type LiveConnection = 'live' | 'connecting';

let state: LiveConnection = 'connecting';
const listeners = new Set<() => void>();
const set = (next: LiveConnection) => {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
};
// Registered once, when the admin chunk loads: the socket is lazy and opens with the first subscription.
wsClient.on('connected', () => set('live'));
wsClient.on('connecting', () => set('connecting'));
wsClient.on('closed', () => set('connecting'));

/** The state of the graphql-ws connection the admin's live subscriptions run on. */
export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * Runs `refetch` each time the live socket (re)connects: events sent while it was down, or before it
 * first connected, are gone, so a live list catches up from the API.
 */
export function useCatchUpOnConnect(refetch: () => unknown): void {
  useEffect(() => wsClient.on('connected', () => void refetch()), [refetch]);
}
