import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * The browser's router. The chunks of the routes that match the current address are loaded first, so the first
 * render shows the page at once: the server-rendered HTML hydrates into the same tree instead of a loading state.
 */
export async function createRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
