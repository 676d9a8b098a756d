import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import type { OrderStatus } from '../../../gql/admin/graphql';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';

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

/**
 * Sets an order's status at once (the dropdown applies immediately: docs/product.md "Admin") and toasts the outcome.
 * `pendingStatus` holds the chosen status per order until the server answers; the normalized cache
 * then updates every view of that order.
 */
export function useSetOrderStatus() {
  const toast = useToast();
  const [mutate] = useMutation(SetOrderStatusMutation);
  const [pendingStatus, setPending] = useState<Record<string, OrderStatus>>({});

  const setStatus = async (orderId: string, shortId: string, status: OrderStatus): Promise<void> => {
    setPending((p) => ({ ...p, [orderId]: status }));
    try {
      await mutate({ variables: { orderId, status } });
      toast({
        title: ADMIN_TEXTS.statusUpdated,
        description: `Order ${shortId} is now ${ORDER_STATUS_LABELS[status]}.`,
        severity: 'success',
      });
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.statusUpdateFailed, error));
    } finally {
      setPending(({ [orderId]: _done, ...rest }) => rest);
    }
  };

  return { setStatus, pendingStatus };
}
