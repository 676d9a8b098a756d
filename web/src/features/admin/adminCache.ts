/**
 * Cache rules the admin panel needs, registered when the admin chunk loads so that nothing of the
 * admin reaches the customer bundle.
 *
 * `adminOrders` is one list per status filter, `adminNotifications` (the outbox) one list; both page newest first
 * (mergeNewestFirst). Orders themselves are normalized by id, so a status change arriving live updates every row
 * that shows that order.
 */
import type { FieldFunctionOptions, InMemoryCache, Reference } from '@apollo/client';
import { apolloClient } from '../../apollo/client';

interface StoredConnection {
  edges: { node: Reference }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

/**
 * A newest-first connection: "Load more" (an `after` cursor) appends the next page. A first page (the first load,
 * Refresh, a catch-up or poll, or a live update writing the list back) replaces the newest part of the list but keeps
 * the older pages the admin has loaded, so nobody loses their place.
 */
function mergeNewestFirst(
  existing: StoredConnection | undefined,
  incoming: StoredConnection,
  options: FieldFunctionOptions,
): StoredConnection {
  return mergeNewestFirstBy('createdAt', existing, incoming, options);
}

/** mergeNewestFirst for a list sorted by another timestamp field (`sortField`, then id), e.g. tickets' lastActivityAt. */
function mergeNewestFirstBy(
  sortField: string,
  existing: StoredConnection | undefined,
  incoming: StoredConnection,
  { args, readField }: FieldFunctionOptions,
): StoredConnection {
  if (!existing) return incoming;
  const known = (edges: { node: Reference }[]) => new Set(edges.map((edge) => edge.node.__ref));
  if (args?.after) {
    const seen = known(existing.edges);
    return {
      ...incoming,
      edges: [...existing.edges, ...incoming.edges.filter((e) => !seen.has(e.node.__ref))],
    };
  }
  const last = incoming.edges[incoming.edges.length - 1];
  if (!last || !incoming.pageInfo.hasNextPage) return incoming;
  // Newest first by (sortField, id), as the API sorts: keep the loaded rows older than this page.
  const order = (ref: Reference) => [readField<string>(sortField, ref) ?? '', readField<string>('id', ref) ?? ''];
  const [lastCreated, lastId] = order(last.node);
  const fresh = known(incoming.edges);
  const older = existing.edges.filter((edge) => {
    if (fresh.has(edge.node.__ref)) return false;
    const [created, id] = order(edge.node);
    return created === lastCreated ? id < lastId : created < lastCreated;
  });
  if (older.length === 0) return incoming;
  return { ...incoming, edges: [...incoming.edges, ...older], pageInfo: existing.pageInfo };
}

(apolloClient.cache as InMemoryCache).policies.addTypePolicies({
  Query: {
    fields: {
      adminOrders: { keyArgs: ['status'], merge: mergeNewestFirst },
      adminNotifications: { keyArgs: false, merge: mergeNewestFirst },
      // One list per filter, newest activity first; a live change refetches the first page, which moves the ticket up.
      adminTickets: {
        keyArgs: ['status', 'priority', 'category'],
        merge: (existing: StoredConnection | undefined, incoming: StoredConnection, options: FieldFunctionOptions) =>
          mergeNewestFirstBy('lastActivityAt', existing, incoming, options),
      },
      adminCustomers: { keyArgs: ['search'], merge: mergeNewestFirst },
      // One list per set of filters, newest entry first.
      adminAuditLog: {
        keyArgs: ['actor', 'action', 'from', 'to'],
        merge: (existing: StoredConnection | undefined, incoming: StoredConnection, options: FieldFunctionOptions) =>
          mergeNewestFirstBy('at', existing, incoming, options),
      },
    },
  },
});
