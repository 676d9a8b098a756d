/**
 * Apollo Client 4: queries and mutations over HTTP (multipart when a variable holds a File, with the
 * server's required Apollo-Require-Preflight header), subscriptions over graphql-ws. Both carry the
 * session's access token; the WebSocket reconnects with a fresh one when the server closes it at
 * token expiry (code 4401) or when the user signs in or out.
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { session } from '../auth/session';

const httpLink = new UploadHttpLink({
  uri: '/graphql',
  credentials: 'include',
  headers: { 'Apollo-Require-Preflight': 'true' },
});

const authLink = new SetContextLink(async (prevContext) => {
  const token = await session.getToken();
  return token ? { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } } : {};
});

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

// A new identity needs a new connection: subscriptions re-subscribe with the new token.
let lastVersion = session.getSnapshot().version;
session.subscribe(() => {
  const { version } = session.getSnapshot();
  if (version !== lastVersion) {
    lastVersion = version;
    wsClient.terminate();
  }
});

const wsLink = new GraphQLWsLink(wsClient);

const link = ApolloLink.split(
  ({ query }) => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === OperationTypeNode.SUBSCRIPTION;
  },
  wsLink,
  ApolloLink.from([authLink, httpLink]),
);

export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({
    typePolicies: {
      Viewer: { keyFields: [] },
      PaymentMethodInfo: { keyFields: ['method'] },
    },
  }),
  defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
});
