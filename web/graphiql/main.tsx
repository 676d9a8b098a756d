import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const wsProtocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';

/**
 * HTTP requests carry `Apollo-Require-Preflight` (the server's CSRF guard) and cookies (the refresh
 * cookie); the headers typed in the Headers tab, e.g. `{"Authorization": "Bearer …"}`, are added to
 * every HTTP request and sent as graphql-ws `connectionParams` for subscriptions.
 */
const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  subscriptionUrl: `${wsProtocol}//${window.location.host}/graphql`,
  headers: { 'Apollo-Require-Preflight': 'true' },
  fetch: (input, init) => window.fetch(input, { ...init, credentials: 'include' }),
});

const defaultQuery = `# Store GraphQL API
#
# Signed-in operations need an access token: run signIn,
# then put this in the Headers tab below:
#   {"Authorization": "Bearer <accessToken>"}
# or an API key (createApiKey):
#   {"Authorization": "Bearer sk_store_..."}
# Subscriptions get the same headers as connection params.

query Products {
  products {
    slug
    name
    price
    inStock
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} isHeadersEditorEnabled />
  </StrictMode>,
);
