import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import type {
  AdminOrderFeedSubscription as AdminOrderFeedResult,
  AdminOrdersQuery as AdminOrdersResult,
  OrderStatus,
} from '../../../gql/admin/graphql';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList, ListSummary } from '../list/AdminList';
import { ListSearchField, useDebounced } from '../list/ListSearchField';
import { useAdminList } from '../list/useAdminList';
import { shownOfTotal } from '../ResponsiveListFrame';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrdersList } from './OrdersList';
import { SETTABLE_STATUSES } from './OrderStatusSelect';
import { MarkPaidDialog } from './MarkPaidDialog';
import { PaymentProofDialog } from './PaymentProofDialog';
import { useSetOrderStatus } from './useSetOrderStatus';

/**
 * The queue's "Awaiting review" filter: the orders waiting for a person, as the server defines them once for this
 * filter and the Overview's counter (server/src/orders/awaiting-review.ts).
 */
export const AWAITING_REVIEW = 'AWAITING_REVIEW';

/** What the queue is filtered by: one status, or the orders awaiting review. */
export type OrderQueueFilter = OrderStatus | typeof AWAITING_REVIEW;

/** Orders per page of the queue ("Load more" fetches the next page with the API's cursor). */
const ORDERS_PAGE_SIZE = 20;

const AdminOrdersQuery = graphql(/* GraphQL */ `
  query AdminOrders($status: OrderStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {
    adminOrders(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          status
          paymentOverdue
          createdAt
          ...AdminOrderRow_order
        }
      }
    }
  }
`);

const AdminOrderFeedSubscription = graphql(/* GraphQL */ `
  subscription AdminOrderFeed {
    adminOrderFeed {
      ready
      order {
        id
        status
        paymentOverdue
        createdAt
        updatedAt
        ...AdminOrderRow_order
        ...AdminOrderAudit_order
      }
    }
  }
`);

/** The list's query variables for a filter and a search. */
function queueVariables(filter: OrderQueueFilter | null, search: string | null) {
  const review = filter === AWAITING_REVIEW;
  return { status: review ? null : filter, awaitingReview: review || null, search, first: ORDERS_PAGE_SIZE };
}

type Connection = AdminOrdersResult['adminOrders'];
type LiveOrder = Connection['edges'][number]['node'];
type FeedOrder = NonNullable<AdminOrderFeedResult['adminOrderFeed']['order']>;

/** Newest first, as the API sorts: by creation time, then id. */
function isNewer(a: LiveOrder, b: LiveOrder): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

/**
 * The list with an order that arrived live and is not in it yet: placed where the API's order puts it
 * when it falls inside the loaded range (a new order: at the top), else left for "Load more". A known
 * order needs nothing: the normalized cache has already updated its row in place.
 */
function withLiveOrder(list: Connection, order: LiveOrder, filter: OrderStatus | null): Connection | undefined {
  if (filter && order.status !== filter) return undefined;
  if (list.edges.some((edge) => edge.node.id === order.id)) return undefined;
  const index = list.edges.findIndex((edge) => isNewer(order, edge.node));
  if (index < 0 && list.pageInfo.hasNextPage) return undefined;
  const edges = [...list.edges];
  // The cache stores the edge as Apollo reads it from the server, __typename included.
  const edge = { __typename: 'OrderEdge' as const, node: order };
  edges.splice(index < 0 ? edges.length : index, 0, edge);
  return { ...list, edges, totalCount: list.totalCount + 1 };
}

/** Loaded orders past their payment window that wait for an admin (the queue's "Overdue" chips). */
function overdueCount(orders: readonly LiveOrder[]): number {
  return orders.filter((order) => order.paymentOverdue).length;
}

/** The queue's "2 overdue" chip: how many of the orders shown are overdue; nothing when none are. */
function OverdueSummaryChip({ overdue }: { overdue: number }) {
  if (overdue === 0) return null;
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={`${overdue} overdue`}
      title="Pending orders past their payment window in this list"
      sx={{ fontWeight: 700 }}
    />
  );
}

/** "Showing 20 of 135 orders", and how many of those shown are overdue. */
export function QueueSummary({ shown, total, overdue }: { shown: number; total: number; overdue: number }) {
  return <ListSummary text={shownOfTotal(shown, total, 'order')} extra={<OverdueSummaryChip overdue={overdue} />} />;
}

interface OrdersTabProps {
  statusFilter: OrderQueueFilter | null;
  onStatusFilterChange: (status: OrderQueueFilter | null) => void;
}

/**
 * The Orders tab: the admin's queue, newest first, filtered by status, live. New orders appear at the
 * top and changes made anywhere (another admin, another server process) update in place, so the
 * admin keeps their place in the list.
 */
export function OrdersTab({ statusFilter, onStatusFilterChange }: OrdersTabProps) {
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim()) || null;
  const query = useQuery(AdminOrdersQuery, { variables: queueVariables(statusFilter, search) });
  const { loading } = query;
  const list = useAdminList(query, { rows: (data) => data.adminOrders, failure: ADMIN_TEXTS.fetchOrdersFailed });
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const [proofOrderId, setProofOrderId] = useState<string | null>(null);
  const [detailOrderId, setDetailOrderId] = useState<string | null>(null);
  const { setStatus, pendingStatus, markPaid } = useSetOrderStatus();

  // Live orders are placed by the filter shown when they arrive, not the one of the render that subscribed.
  const filterRef = useRef(statusFilter);
  const searchRef = useRef(search);
  useEffect(() => {
    filterRef.current = statusFilter;
    searchRef.current = search;
  }, [statusFilter, search]);

  // Orders that arrived live since the feed said it was ready, until the catch-up fetch has landed:
  // that fetch may have read the database before they were made, so they are applied again on top.
  const arrivedSinceReady = useRef<FeedOrder[] | null>(null);
  // Bumped by each ready message; the catch-up fetch runs once per value.
  const [catchUpRound, setCatchUpRound] = useState(0);
  const caughtUpRound = useRef(0);
  const [synced, setSynced] = useState(false);
  const client = useApolloClient();

  const applyLiveOrder = (cache: ApolloCache, order: LiveOrder) => {
    const filter = filterRef.current;
    // Whether a new order matches a search or awaits review is the server's to say: those lists gain no live rows (the
    // rows shown still change live, through the normalized cache).
    if (searchRef.current || filter === AWAITING_REVIEW) return;
    let inserted = false;
    cache.updateQuery({ query: AdminOrdersQuery, variables: queueVariables(filter, null) }, (list) => {
      const next = list ? withLiveOrder(list.adminOrders, order, filter) : undefined;
      inserted = !!next;
      return next ? { ...list, adminOrders: next } : undefined;
    });
    if (inserted) setNewIds((ids) => new Set(ids).add(order.id));
  };

  useSubscription(AdminOrderFeedSubscription, {
    onData: ({ data: event }) => {
      const message = event.data?.adminOrderFeed;
      if (!message) return;
      if (message.order) {
        applyLiveOrder(client.cache, message.order);
        arrivedSinceReady.current?.push(message.order);
        return;
      }
      // Ready: the feed is live (first message, and again after each reconnect), so every change from
      // now on reaches this page. The list is fetched once more to catch up with what came before.
      arrivedSinceReady.current = [];
      setSynced(false);
      setCatchUpRound((round) => round + 1);
    },
  });

  // The catch-up fetch waits for a list request already in flight (the first load may have been sent
  // before the feed was live), so that its result, read after the feed was live, is the one that stays.
  useEffect(() => {
    if (catchUpRound === caughtUpRound.current || loading) return;
    caughtUpRound.current = catchUpRound;
    const arrived = arrivedSinceReady.current ?? [];
    void client
      .query({
        query: AdminOrdersQuery,
        variables: queueVariables(filterRef.current, searchRef.current),
        fetchPolicy: 'network-only',
      })
      .then(() => {
        for (const order of arrived) {
          // Written again as the feed delivered it: the fetch may have stored an older status.
          client.cache.writeQuery({
            query: AdminOrderFeedSubscription,
            data: { adminOrderFeed: { ready: false, order } },
          });
          applyLiveOrder(client.cache, order);
        }
        if (arrivedSinceReady.current === arrived) arrivedSinceReady.current = null;
        setSynced(true);
      })
      .catch((failure: unknown) => toast(failureToast(ADMIN_TEXTS.fetchOrdersFailed, failure)));
  });

  return (
    // data-synced: the live feed is up and the list has caught up with it (tests wait for it).
    <Stack spacing={2} data-testid="admin-orders" data-synced={synced}>
      <AdminList
        list={list}
        noun="order"
        summaryExtra={<OverdueSummaryChip overdue={overdueCount(list.rows)} />}
        loadingLabel="Loading orders..."
        empty={
          search
            ? {
                title: 'No order matches this search',
                hint: 'Try the start of the order ID, a part of the e-mail or name, the exact amount or the transaction ID.',
              }
            : statusFilter === AWAITING_REVIEW
              ? {
                  title: 'No orders awaiting review',
                  hint: 'Pending orders with a proof, a transaction ID or a payment issue, or past their payment window, appear here.',
                }
              : statusFilter
                ? {
                    title: `No orders with status ${ORDER_STATUS_LABELS[statusFilter]}`,
                    hint: 'Choose "All statuses" to see every order.',
                  }
                : { title: 'No orders yet', hint: 'New orders appear here as customers place them.' }
        }
        toolbar={
          <>
            <ListSearchField
              label="Search orders"
              placeholder="Order ID, e-mail, name, amount, transaction"
              value={typed}
              onChange={setTyped}
            />
            <TextField
              select
              size="small"
              label="Filter by status"
              value={statusFilter ?? ''}
              onChange={(event) => onStatusFilterChange((event.target.value || null) as OrderQueueFilter | null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              <option value="">All statuses</option>
              <option value={AWAITING_REVIEW}>Awaiting review</option>
              {SETTABLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </TextField>
          </>
        }
        renderRows={(orders) => (
          <OrdersList
            orders={orders}
            newIds={newIds}
            pendingStatus={pendingStatus}
            onStatusChange={(id, shortId, status) => void setStatus(id, shortId, status)}
            onViewProof={setProofOrderId}
            onOpenDetails={setDetailOrderId}
          />
        )}
      />

      <OrderDetailDialog
        orderId={detailOrderId}
        pendingStatus={pendingStatus}
        onStatusChange={(id, shortId, status) => void setStatus(id, shortId, status)}
        onViewProof={setProofOrderId}
        onClose={() => setDetailOrderId(null)}
      />
      <PaymentProofDialog orderId={proofOrderId} onClose={() => setProofOrderId(null)} />
      <MarkPaidDialog {...markPaid} />
    </Stack>
  );
}
