/**
 * Apollo Client 4: queries and mutations over HTTP (multipart when a variable holds a File, with the
 * server's required Apollo-Require-Preflight header), subscriptions over graphql-ws (`ws-client.ts`).
 * Both carry the session's access token.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition, print } from '@apollo/client/utilities';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode, type DocumentNode } from 'graphql';
import { from, mergeMap, of, tap } from 'rxjs';
import { SECOND_FACTOR_REASONS } from '../../../common/two-factor';
import { session } from '../auth/session';
import { stepUp } from '../auth/step-up';
import { loadOnce } from '../components/load-once';
import { createApolloCache } from './cache';

const httpLink = new UploadHttpLink({
  uri: '/graphql',
  credentials: 'include',
  headers: { 'Apollo-Require-Preflight': 'true' },
});

const authLink = new SetContextLink(async (prevContext) => {
  const token = await session.getToken();
  return token ? { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } } : {};
});

// Most pages never subscribe: the WebSocket client is fetched with the first subscription, not with
// the home page. Unsubscribing before it has loaded cancels the operation as before; a failed fetch
// fails that subscription and is tried again by the next one.
const loadWsLink = loadOnce(() => import('./ws-client').then(({ wsClient }) => new GraphQLWsLink(wsClient)));
const subscriptionLink = new ApolloLink((operation) =>
  from(loadWsLink()).pipe(mergeMap((link) => link.request(operation))),
);

/**
 * The catalogue's reads: the same for everyone, so they go as GET with the query's hash (automatic persisted
 * queries), which the server answers with an ETag and `Cache-Control: public, no-cache` (server/src/http/
 * catalogue-hit-path.ts): the browser, nginx or a CDN keep the answer and revalidate it, a 304 when nothing changed.
 * Everything else stays POST: its answers are someone's own, and a GET URL ends up in access logs.
 */
const CATALOGUE_OPERATIONS = new Set(['ProductsPage', 'ProductDetailPage']);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hash of each document's text, computed once. */
const hashes = new WeakMap<DocumentNode, Promise<string>>();
function hashOf(query: DocumentNode): Promise<string> {
  let hash = hashes.get(query);
  if (!hash) hashes.set(query, (hash = sha256(print(query))));
  return hash;
}

/**
 * Apollo's automatic persisted queries over GET, the protocol of `@apollo/client/link/persisted-queries` in a few lines
 * (that module's shared code grows the home page's JavaScript past its budget, imported or lazy): the hash alone, and
 * once per server, when it answers PERSISTED_QUERY_NOT_FOUND, the query text again by POST, which registers it.
 */
const catalogueGetLink = new ApolloLink((operation, forward) =>
  from(hashOf(operation.query)).pipe(
    mergeMap((sha256Hash) => {
      operation.extensions.persistedQuery = { version: 1, sha256Hash };
      operation.setContext({ fetchOptions: { method: 'GET' }, http: { includeQuery: false, includeExtensions: true } });
      return forward(operation).pipe(
        mergeMap((result) => {
          const unknown = result.errors?.some((error) => error.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND');
          if (!unknown) return of(result);
          operation.setContext({
            fetchOptions: { method: 'POST' },
            http: { includeQuery: true, includeExtensions: true },
          });
          return forward(operation);
        }),
      );
    }),
  ),
);

/** Reports answers asking for the second factor again (a sensitive action of a stale session: auth/step-up.ts). */
const stepUpLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    tap((result) => {
      if (result.errors?.some((error) => error.extensions?.reason === SECOND_FACTOR_REASONS.stepUpRequired))
        stepUp.required();
    }),
  ),
);

const httpChain = ApolloLink.from([stepUpLink, authLink, httpLink]);
// Web Crypto exists only in a secure context (https, or localhost); elsewhere the catalogue is read by POST too.
const queryLink = globalThis.crypto?.subtle
  ? ApolloLink.split(
      ({ operationName }) => CATALOGUE_OPERATIONS.has(operationName ?? ''),
      catalogueGetLink.concat(httpChain),
      httpChain,
    )
  : httpChain;

const link = ApolloLink.split(
  ({ query }) => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === OperationTypeNode.SUBSCRIPTION;
  },
  subscriptionLink,
  queryLink,
);

export const apolloClient = new ApolloClient({
  link,
  cache: createApolloCache(),
  defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
});
