import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { PAYMENT_METHOD_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { formatDate } from '../../../format/date';
import { isEndedUnpaidStatus } from '../../../../../common/order-lifecycle';
import { paymentIssueSeverity } from '../../../../../common/payment-issues';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';
import { CancelOrderButton } from '../../orders/CancelOrderButton';
import { ORDER_KEYS_PARAM, type OrderKeysLinkState } from '../../orders/order-keys-path';
import { KEYS_TEXTS } from '../keys/keys.texts';
import { Detail } from './Detail';
import { EmptyState } from './EmptyState';
import { OrderStatusChip } from './StatusChip';

export const OrdersTabFragment = graphql(/* GraphQL */ `
  fragment OrdersTab_order on Order {
    id
    shortId
    createdAt
    status
    quantity
    totalPrice
    paymentMethod
    domainName
    paymentIssue
    paymentIssueKind
    payment {
      status
    }
    product {
      id
      name
      fulfilment
    }
  }
`);

interface Props {
  orders: readonly FragmentType<typeof OrdersTabFragment>[];
}

const KEYS_LINK_STATE: OrderKeysLinkState = { keysFromList: true };

/**
 * Dashboard › Orders: newest first, with the short id (first 8 characters) and the payment facts; a PENDING order can
 * be cancelled here (docs/order-lifecycle.md "In the web app"). An order of a product delivered as licence keys has
 * a Keys link, which opens its keys (`?order=<id>`) over this tab.
 */
export function OrdersTab(props: Props) {
  const orders = getFragmentData(OrdersTabFragment, props.orders);
  if (orders.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptLongOutlinedIcon />}
        title="No orders yet"
        text="Your purchases and their payment status will show up here."
        actionLabel="Browse Products"
        actionTo="/products"
      />
    );
  }
  return (
    <Stack spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {orders.map((order) => (
        <Card component="li" key={order.id}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  {order.product.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Order #{order.shortId} ·{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(order.createdAt)}
                  </Box>
                </Typography>
              </Box>
              <OrderStatusChip status={order.status} />
            </Stack>
            {order.paymentIssue ? (
              <Stack
                direction="row"
                spacing={0.75}
                sx={{ mt: 1, alignItems: 'flex-start', color: `${paymentIssueSeverity(order.paymentIssueKind)}.main` }}
                data-testid="order-payment-issue"
              >
                <ErrorOutlineIcon sx={{ fontSize: '1.1rem', mt: '2px' }} aria-hidden />
                <Typography variant="body2" sx={{ color: 'inherit', overflowWrap: 'anywhere' }}>
                  {order.paymentIssue}
                </Typography>
              </Stack>
            ) : null}
            <Grid container spacing={2} sx={{ mt: 1.5 }}>
              <Grid size={{ xs: 6, sm: 3 }}>
                <Detail label="Quantity">{order.quantity.toLocaleString('en-US')}</Detail>
              </Grid>
              <Grid size={{ xs: 6, sm: 3 }}>
                <Detail label="Total">{formatUsd(order.totalPrice)}</Detail>
              </Grid>
              <Grid size={{ xs: 6, sm: 3 }}>
                <Detail label="Payment">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Detail>
              </Grid>
              <Grid size={{ xs: 6, sm: 3 }}>
                <Detail label="Domain">{order.domainName ?? '—'}</Detail>
              </Grid>
            </Grid>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Link
                component={RouterLink}
                to={`/verify?order=${order.id}`}
                sx={{ fontWeight: 600 }}
                aria-label={`View payment status of order ${order.shortId}`}
              >
                View payment status
              </Link>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {fulfilmentFacts(order.product.fulfilment).delivers.keys && !isEndedUnpaidStatus(order.status) ? (
                  <Button
                    component={RouterLink}
                    to={{ search: `?tab=orders&${ORDER_KEYS_PARAM}=${encodeURIComponent(order.id)}` }}
                    state={KEYS_LINK_STATE}
                    variant="outlined"
                    size="small"
                    startIcon={<KeyOutlinedIcon aria-hidden />}
                    aria-label={KEYS_TEXTS.openLabel(order.shortId)}
                  >
                    {KEYS_TEXTS.open}
                  </Button>
                ) : null}
                {/* A payment seen on chain (not a failed one) can no longer be cancelled: the API refuses. */}
                {order.status === 'PENDING' && (!order.payment || order.payment.status === 'FAILED') ? (
                  <CancelOrderButton
                    order={{ id: order.id, shortId: order.shortId, productName: order.product.name }}
                    size="small"
                  />
                ) : null}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
