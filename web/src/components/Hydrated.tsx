import { useEffect, type ReactNode } from 'react';

/**
 * Marks `<html data-hydrated>` once a page has mounted: for a server-rendered page, the moment its buttons and
 * fields start to respond (before, they are the server's inert HTML). The browser tests wait for it before typing.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}
