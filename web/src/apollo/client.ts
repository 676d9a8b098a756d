/**
 * Apollo Client 4: queries and mutations over HTTP (multipart when a variable holds a File, with the
 * server's required Apollo-Require-Preflight header), subscriptions over graphql-ws (`ws-client.ts`).
 * Both carry the session's access token.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode } from 'graphql';
import { from, mergeMap } from 'rxjs';
import { session } from '../auth/session';
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

const link = ApolloLink.split(
  ({ query }) => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === OperationTypeNode.SUBSCRIPTION;
  },
  subscriptionLink,
  ApolloLink.from([authLink, httpLink]),
);

export const apolloClient = new ApolloClient({
  link,
  cache: createApolloCache(),
  defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
});
