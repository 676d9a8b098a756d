import { useSyncExternalStore } from 'react';
import { session, type SessionSnapshot } from './session';

/**
 * What a server-rendered page shows: no session is known on the server (public pages are the same for everyone), so
 * it renders as the browser does before the refresh cookie is read; hydration starts from the same state.
 */
const SERVER_SNAPSHOT: SessionSnapshot = { status: 'restoring', version: 0 };
const serverSnapshot = () => SERVER_SNAPSHOT;

/** The session's status ('restoring' | 'signedIn' | 'signedOut'), re-rendering on every auth event. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, serverSnapshot);
}
