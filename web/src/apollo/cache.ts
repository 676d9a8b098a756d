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
      // An order's licence keys live inside the order (thousands of them for a bulk order), not as entities of
      // their own: normalising each one costs time and they are only ever read through their order.
      LicenceKey: { keyFields: false },
    },
  });
}

/** The id of the `<script type="application/json">` that carries the server's Apollo cache into the page. */
export const APOLLO_STATE_ID = '__APOLLO_STATE__';
