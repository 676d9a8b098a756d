import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { isPaidStatus } from '../../../../../common/order-lifecycle';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import type { OrderStatus } from '../../../gql/admin/graphql';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminMarkPaidCheckFragment, type MarkPaidDialogProps, type MarkPaidOrder } from './MarkPaidDialog';

const SetOrderStatusMutation = graphql(/* GraphQL */ `
  mutation AdminSetOrderStatus($orderId: ID!, $status: OrderStatus!) {
    setOrderStatus(orderId: $orderId, status: $status) {
      id
      status
      updatedAt
      ...AdminOrderAudit_order
    }
  }
`);

/** When the cache's copy of an order last changed, to tell a newer live state from an older answer. */
const OrderVersionFragment = graphql(/* GraphQL */ `
  fragment AdminOrderVersion_order on Order {
    id
    updatedAt
  }
`);

/**
 * Sets an order's status (the dropdown applies at once: docs/product.md "Admin") and toasts the outcome. Marking an
 * unpaid order paid asks first (`markPaid`: the props of the tab's MarkPaidDialog): delivery follows and cannot be undone.
 * `pendingStatus` holds the chosen status per order until the server answers; the normalized cache then updates
 * every view of that order.
 */
export function useSetOrderStatus(): {
  setStatus: (orderId: string, shortId: string, status: OrderStatus) => Promise<void>;
  pendingStatus: Readonly<Record<string, OrderStatus>>;
  markPaid: MarkPaidDialogProps;
} {
  const toast = useToast();
  const client = useApolloClient();
  const [mutate] = useMutation(SetOrderStatusMutation);
  const [pendingStatus, setPending] = useState<Record<string, OrderStatus>>({});
  const [markPaid, setMarkPaid] = useState<{ order: MarkPaidOrder; status: OrderStatus } | null>(null);

  const apply = async (orderId: string, shortId: string, status: OrderStatus): Promise<void> => {
    setPending((p) => ({ ...p, [orderId]: status }));
    try {
      // Not written to the cache by Apollo: the live feed may have brought a newer state of the order before this
      // answer (the delivery job completes a paid order moments after the change), which the answer must not undo.
      const result = await mutate({ variables: { orderId, status }, fetchPolicy: 'no-cache' });
      if (result.data && !isOlderThanCached(result.data.setOrderStatus.updatedAt, orderId))
        client.cache.write({
          query: SetOrderStatusMutation,
          dataId: 'ROOT_MUTATION',
          result: result.data,
          variables: { orderId, status },
        });
      // The toast names the status the server answered, and says what follows a paid status: the delivery job
      // completes the order moments later, which is why the dropdown then reads Completed.
      const now = result.data?.setOrderStatus.status ?? status;
      const order = readCheck(orderId);
      const completes =
        isPaidStatus(now) &&
        now !== 'COMPLETED' &&
        order?.product.fulfilment !== undefined &&
        order.product.fulfilment !== 'MANUAL';
      toast({
        title: ADMIN_TEXTS.statusUpdated,
        description: `Order ${shortId} is now ${ORDER_STATUS_LABELS[now]}.${completes ? ` It moves to ${ORDER_STATUS_LABELS.COMPLETED} once delivered.` : ''}`,
        severity: 'success',
      });
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.statusUpdateFailed, error));
    } finally {
      setPending(({ [orderId]: _done, ...rest }) => rest);
    }
  };

  const isOlderThanCached = (updatedAt: string, orderId: string): boolean => {
    const cached = client.cache.readFragment({
      id: client.cache.identify({ __typename: 'Order', id: orderId }),
      fragment: OrderVersionFragment,
      fragmentName: 'AdminOrderVersion_order',
    });
    return !!cached && Date.parse(cached.updatedAt) > Date.parse(updatedAt);
  };

  /** The order as the cache holds it (every view of an order spreads the row fragment, which carries the check). */
  const readCheck = (orderId: string): MarkPaidOrder | null =>
    client.cache.readFragment({
      id: client.cache.identify({ __typename: 'Order', id: orderId }),
      fragment: AdminMarkPaidCheckFragment,
      fragmentName: 'AdminMarkPaidCheck_order',
    });

  const setStatus = async (orderId: string, shortId: string, status: OrderStatus): Promise<void> => {
    const order = readCheck(orderId);
    if (order && isPaidStatus(status) && !isPaidStatus(order.status)) {
      setMarkPaid({ order, status });
      return;
    }
    await apply(orderId, shortId, status);
  };

  const markPaidProps: MarkPaidDialogProps = {
    request: markPaid,
    onClose: () => setMarkPaid(null),
    onConfirm: () => {
      if (!markPaid) return;
      setMarkPaid(null);
      void apply(markPaid.order.id, markPaid.order.shortId, markPaid.status);
    },
  };

  return { setStatus, pendingStatus, markPaid: markPaidProps };
}
