import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { formatDate } from '../../../format/date';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';
import { ORDER_KEYS_PARAM, type OrderKeysLinkState } from '../../orders/order-keys-path';
import { EmptyState } from './EmptyState';

export const KeysTabFragment = graphql(/* GraphQL */ `
  fragment KeysTab_order on Order {
    id
    shortId
    createdAt
    status
    quantity
    product {
      id
      name
      fulfilment
    }
  }
`);

const KEYS_LINK_STATE: OrderKeysLinkState = { keysFromList: true };

/**
 * The "Keys & downloads" tab (docs/product.md "Dashboard"): the orders of products delivered as licence keys or a
 * download (their kind's `dashboardTab`), newest first, each with the way to its keys once delivered. The dashboard
 * opens here for a customer whose latest order is one of them.
 */
export function KeysTab(props: { orders: readonly FragmentType<typeof KeysTabFragment>[] }) {
  const orders = getFragmentData(KeysTabFragment, props.orders).filter(
    (order) => order.product && fulfilmentFacts(order.product.fulfilment).dashboardTab === 'keys',
  );
  if (orders.length === 0) {
    return (
      <EmptyState
        icon={<KeyOutlinedIcon />}
        title="No keys or downloads yet"
        text="Licence keys and downloads appear here as soon as an order's payment is confirmed."
        actionLabel="Browse Products"
        actionTo="/products"
      />
    );
  }
  return (
    <Stack spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="keys-tab">
      {orders.map((order) => {
        const delivered = order.status === 'COMPLETED';
        const facts = fulfilmentFacts(order.product!.fulfilment);
        return (
          <Card component="li" key={order.id} sx={{ p: { xs: 2, md: 2.5 } }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <div>
                <Typography component="h3" variant="h6">
                  {order.product!.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Order {order.shortId} · {formatDate(order.createdAt)} · Quantity {order.quantity} ·{' '}
                  {ORDER_STATUS_LABELS[order.status]}
                </Typography>
                {!delivered && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {facts.deliveryPromise}
                  </Typography>
                )}
              </div>
              {delivered && facts.verify ? (
                <Button
                  component={RouterLink}
                  to={{ search: `?tab=keys&${ORDER_KEYS_PARAM}=${encodeURIComponent(order.id)}` }}
                  state={KEYS_LINK_STATE}
                  variant="contained"
                  color="secondary"
                  startIcon={<KeyOutlinedIcon />}
                  aria-label={`${facts.verify.viewDelivered}: ${order.product!.name}, order ${order.shortId}`}
                >
                  {facts.verify.viewDelivered}
                </Button>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
