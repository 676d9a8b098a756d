/**
 * The graphql-ws client that subscriptions run on. Only pages with live updates (the verify page and
 * the admin panel) subscribe, so this module is loaded on the first subscription (see `client.ts`) or
 * with the admin chunks that listen to its events, never with the home page. The socket carries the
 * session's access token and reconnects with a fresh one when the server closes it at token expiry
 * (code 4401) or when the user signs in or out.
 */
import { createClient } from 'graphql-ws';
import { session } from '../auth/session';

export const wsClient = createClient({
  url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
  connectionParams: async () => {
    const token = await session.getToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  lazy: true,
  retryAttempts: Infinity,
  shouldRetry: () => true,
  retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** retries, 15_000))),
});

// A new identity needs a new connection: subscriptions re-subscribe with the new token. (Before this
// module loads there is no socket, so auth events from before then need no handling.)
let lastVersion = session.getSnapshot().version;
session.subscribe(() => {
  const { version } = session.getSnapshot();
  if (version !== lastVersion) {
    lastVersion = version;
    wsClient.terminate();
  }
});
