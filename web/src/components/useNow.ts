import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on the page: it ticks each second while something listens, and reads null while
 * nothing does (so a component's first render never shows a time read long ago).
 */
let now: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // React reads the snapshot again after subscribing, so the first time shows at once.
    now = Date.now();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      now = null;
    }
  };
}

/**
 * The time now in milliseconds, updated every second, for live countdowns. Null on the server and during hydration,
 * so server-rendered markup never depends on the clock (no hydration mismatch): a countdown shows its stable
 * placeholder until the page has mounted.
 */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
}
