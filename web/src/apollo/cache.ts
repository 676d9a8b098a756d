import { InMemoryCache } from '@apollo/client';

/**
 * The Apollo cache, one configuration for the browser's client and the server's per-request one (entry-server.tsx),
 * so a cache the server extracts restores into the browser's unchanged.
 */
export function createApolloCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Viewer: { keyFields: [] },
      PaymentMethodInfo: { keyFields: ['method'] },
      // One row per store: the StoreInfo query of every page, the admin's Settings query and its save share one
      // entry, so a save shows at once in the admin's header and the store's navigation.
      StoreSettings: { keyFields: [] },
      // An order's licence keys live inside the order (thousands of them for a bulk order), not as entities of
      // their own: normalising each one costs time and they are only ever read through their order.
      LicenceKey: { keyFields: false },
    },
  });
}

/** The id of the `<script type="application/json">` that carries the server's Apollo cache into the page. */
export const APOLLO_STATE_ID = '__APOLLO_STATE__';
