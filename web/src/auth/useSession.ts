import { useSyncExternalStore } from 'react';
import { session, type SessionSnapshot } from './session';

/** The session's status ('restoring' | 'signedIn' | 'signedOut'), re-rendering on every auth event. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
