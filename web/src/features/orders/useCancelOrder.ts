import { useApolloClient, useMutation } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql';
import { ERROR_TITLE, ORDER_ACTION_TEXTS } from './order-actions.texts';

const CancelOrderMutation = graphql(/* GraphQL */ `
  mutation CancelOrder($orderId: ID!) {
    cancelOrder(orderId: $orderId) {
      id
      status
      updatedAt
    }
  }
`);

const OrderStatusRefreshQuery = graphql(/* GraphQL */ `
  query OrderStatusRefresh($id: ID!) {
    order(id: $id) {
      id
      status
      updatedAt
    }
  }
`);

/**
 * Cancels the customer's own PENDING order (`cancelOrder`) and toasts the outcome. The returned order updates the
 * cache by id, so every view of it (the dashboard's card and counters, /verify) shows Cancelled without a refetch.
 * A refusal (the order moved on meanwhile: 'Only a pending order can be cancelled') shows the API's message, and the
 * order's status is read again so the page stops offering a cancel it cannot do. Resolves true when cancelled.
 */
export function useCancelOrder() {
  const toast = useToast();
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(CancelOrderMutation);

  const cancelOrder = async (orderId: string, shortId: string): Promise<boolean> => {
    try {
      await mutate({ variables: { orderId } });
      toast({ ...ORDER_ACTION_TEXTS.cancelled(shortId), severity: 'success' });
      return true;
    } catch (error) {
      toast({
        title: ERROR_TITLE,
        description: errorMessage(error, ORDER_ACTION_TEXTS.cancelFailed),
        severity: 'error',
      });
      // Best effort: a failure here leaves the page as it was, and the toast has said what happened.
      void client
        .query({ query: OrderStatusRefreshQuery, variables: { id: orderId }, fetchPolicy: 'network-only' })
        .catch(() => undefined);
      return false;
    }
  };
  return { cancelOrder, cancelling: loading };
}
