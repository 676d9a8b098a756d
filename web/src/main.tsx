import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { APOLLO_STATE_ID } from './apollo/cache';
import { apolloClient } from './apollo/client';
import { session } from './auth/session';
import { createRouter } from './router';

// Cached data belongs to whoever was signed in: drop it on every sign-in and sign-out.
let version = session.getSnapshot().version;
session.subscribe(() => {
  const next = session.getSnapshot();
  if (next.version !== version && next.status !== 'restoring') {
    const wasRestoring = version === 0;
    version = next.version;
    if (!wasRestoring) void apolloClient.resetStore();
  }
});

/**
 * Hydrates a server-rendered page or renders a client-rendered one. A function, not top-level `await`: with a
 * top-level await in the entry the bundler splits what it imports into many more chunks (measured: 28 → 47 files
 * and +7 kB gzip for the home page).
 */
async function start() {
  const router = await createRouter();

  // A server-rendered page (docs/architecture.md "Web rendering") carries the data it was rendered with: until the
  // first navigation, queries read it instead of asking the API again (cache-and-network would). Not "until the first
  // render": React hydrates the page (inside the layout's Suspense boundary) after the shell, so the shell's effects
  // run before the page's queries are read.
  const state = document.getElementById(APOLLO_STATE_ID);
  if (state?.textContent) {
    apolloClient.cache.restore(JSON.parse(state.textContent));
    apolloClient.prioritizeCacheValues = true;
    const { key } = router.state.location;
    const stop = router.subscribe(({ location, navigation }) => {
      if (navigation.state === 'idle' && location.key === key) return;
      apolloClient.prioritizeCacheValues = false;
      stop();
    });
  }

  const container = document.getElementById('root')!;
  const app = (
    <AppProviders client={apolloClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // Not in a transition: a transition would yield between pieces (less blocking time), but a link clicked while
  // the page is half hydrated was then lost (measured in the browser tests); now the click waits for the hydration
  // task and is handled by the hydrated page.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
void start();

// Turn the refresh cookie (if any) into a session once the page is on screen: the request does not compete with
// the page's own scripts, and a signed-in visitor's name replaces "Sign In" a moment later.
const restore = () => void session.restore();
if (document.readyState === 'complete') setTimeout(restore, 0);
else window.addEventListener('load', restore, { once: true });
