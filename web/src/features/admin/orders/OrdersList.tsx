import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { formatCryptoAmount } from '../../../format/crypto';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminOrderRow_OrderFragment, OrderStatus } from '../../../gql/admin/graphql';
import { visuallyHidden } from '@mui/utils';
import { formatDate, formatDateTime, formatTime } from '../../../format/date';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { shortHash } from '../../../format/payment-issue';
import { ChainEvidence, PaymentIssueFlag } from './ChainEvidence';
import { OrderStatusSelect } from './OrderStatusSelect';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';
import { Field } from '../list/AdminRows';

export const AdminOrderRowFragment = graphql(/* GraphQL */ `
  fragment AdminOrderRow_order on Order {
    id
    shortId
    createdAt
    status
    paymentOverdue
    awaitingStock
    quantity
    totalPrice
    paymentMethod
    paymentAmountCrypto
    transactionId
    domainName
    paymentProofUrl
    paymentIssue
    paymentIssueKind
    payment {
      txId
      amount
      confirmations
      requiredConfirmations
      status
      explorerUrl
    }
    customer {
      fullName
      email
    }
    product {
      id
      name
    }
    ...AdminMarkPaidCheck_order
  }
`);

type AdminOrderRow = FragmentType<typeof AdminOrderRowFragment>;

interface OrdersListProps {
  orders: readonly AdminOrderRow[];
  /** Orders that arrived live since the list was loaded (marked "New"). */
  newIds: ReadonlySet<string>;
  /** Status being saved per order id. */
  pendingStatus: Readonly<Record<string, OrderStatus>>;
  onStatusChange: (orderId: string, shortId: string, status: OrderStatus) => void;
  onViewProof: (orderId: string) => void;
  onOpenDetails: (orderId: string) => void;
}

/** The order queue: a table on wide screens, one card per order on phones and tablets. */
export function OrdersList(props: OrdersListProps) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const orders = props.orders.map((order) => getFragmentData(AdminOrderRowFragment, order));
  return asCards ? <OrderCards {...props} orders={orders} /> : <OrderTable {...props} orders={orders} />;
}

type Order = AdminOrderRow_OrderFragment;

interface ViewProps extends Omit<OrdersListProps, 'orders'> {
  orders: readonly Order[];
}

const mono = { fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem' };

function CustomerCell({ order }: { order: Order }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {order.customer?.fullName || 'No name'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {order.customer?.email}
      </Typography>
    </>
  );
}

/** The amount to receive in the method's currency, e.g. "54400.00 USDT". */
export function cryptoLine(order: Pick<Order, 'paymentAmountCrypto' | 'paymentMethod'>): string {
  return formatCryptoAmount(order.paymentAmountCrypto, PAYMENT_METHOD_CURRENCY[order.paymentMethod]);
}

function ProofButton({ order, onViewProof }: { order: Order; onViewProof: (id: string) => void }) {
  if (!order.paymentProofUrl) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 0.5, whiteSpace: 'nowrap' }}>
        No proof
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      startIcon={<ImageOutlinedIcon aria-hidden />}
      onClick={() => onViewProof(order.id)}
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={`View proof of order ${order.shortId}`}
    >
      View proof
    </Button>
  );
}

function NewChip() {
  return <Chip label="New" size="small" color="secondary" sx={{ height: 20, fontSize: '0.7rem' }} />;
}

/** A small chip beside an order's number that flags what an admin must look at, its reason in the tooltip. */
function FlagChip({ label, color, title }: { label: string; color: 'error' | 'warning'; title: string }) {
  return (
    <Chip
      label={label}
      size="small"
      color={color}
      title={title}
      sx={{ height: 20, fontSize: '0.7rem', fontWeight: 700 }}
    />
  );
}

/** A PENDING order past its payment window: the customer sent a proof or transaction ID and waits for an admin. */
export function OverdueChip() {
  return (
    <FlagChip
      label="Overdue"
      color="error"
      title="Payment window ended: check the proof or transaction ID and set the status"
    />
  );
}

/** A paid order whose keys went back to stock before its payment arrived: it waits for an import of keys. */
export function AwaitingStockChip() {
  return (
    <FlagChip
      label="Awaiting stock"
      color="warning"
      title="Paid, but too few licence keys are in stock to deliver it: import keys and it is delivered at once"
    />
  );
}

/** The same transaction, however it is written ("0xAB…" typed, "0xab…" on chain, with or without 0x). */
function sameTx(a: string, b: string): boolean {
  const plain = (id: string) => id.toLowerCase().replace(/^0x/, '');
  return plain(a) === plain(b);
}

function PaymentCell({ order }: { order: Order }) {
  // The typed ID is not repeated when the chain's evidence below shows that very transaction.
  const typedShown = !!order.transactionId && !(order.payment && sameTx(order.transactionId, order.payment.txId));
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {PAYMENT_METHOD_LABELS[order.paymentMethod]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {cryptoLine(order)}
      </Typography>
      {order.transactionId && typedShown ? (
        <Typography sx={{ ...mono, whiteSpace: 'nowrap' }} title={order.transactionId}>
          <Box component="span" sx={visuallyHidden}>
            Transaction ID{' '}
          </Box>
          Tx {shortHash(order.transactionId)}
        </Typography>
      ) : order.payment || order.transactionId ? null : (
        <Typography variant="caption" color="text.secondary">
          No transaction ID
        </Typography>
      )}
      <ChainEvidence order={order} />
    </>
  );
}

/** Columns of the queue's table: an order's payment issue spans them all, in a row of its own under the order. */
const TABLE_COLUMNS = 8;

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function OrderTable({ orders, newIds, pendingStatus, onStatusChange, onViewProof, onOpenDetails }: ViewProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Orders" sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell>Order</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Product / domain</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Payment</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                Proof and details
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.flatMap((order) => [
            <TableRow
              key={order.id}
              hover
              data-testid="admin-order"
              sx={{
                ...(newIds.has(order.id) ? newRowSx : undefined),
                // The issue's row below belongs to this order: no line between them, one highlight for both.
                ...(order.paymentIssue
                  ? {
                      '& td': { borderBottom: 0 },
                      '&:hover + tr, &:has(+ tr:hover)': { bgcolor: 'action.hover' },
                    }
                  : undefined),
              }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ ...mono, fontWeight: 700 }}>{order.shortId}</Typography>
                  {newIds.has(order.id) ? <NewChip /> : null}
                  {order.paymentOverdue ? <OverdueChip /> : null}
                  {order.awaitingStock ? <AwaitingStockChip /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(order.createdAt)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatTime(order.createdAt)}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, ...ellipsis }}
                  title={order.customer?.fullName ?? undefined}
                >
                  {order.customer?.fullName || 'No name'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={ellipsis} title={order.customer?.email}>
                  {order.customer?.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 150, maxWidth: 210 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {order.product.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={ellipsis} title={order.domainName ?? undefined}>
                  {order.domainName || 'No domain'}
                </Typography>
              </TableCell>
              <TableCell align="right">{order.quantity.toLocaleString('en-US')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                {formatUsd(order.totalPrice)}
              </TableCell>
              {/* Wide enough for 'Confirmed 12 of 12 confirmations' on one line. */}
              <TableCell sx={{ minWidth: 250 }}>
                <PaymentCell order={order} />
              </TableCell>
              <TableCell>
                <OrderStatusSelect
                  shortId={order.shortId}
                  status={order.status}
                  pendingStatus={pendingStatus[order.id]}
                  onChange={(status) => onStatusChange(order.id, order.shortId, status)}
                />
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <ProofButton order={order} onViewProof={onViewProof} />
                  <Button
                    size="small"
                    startIcon={<ReceiptLongOutlinedIcon aria-hidden />}
                    onClick={() => onOpenDetails(order.id)}
                    aria-label={`Details of order ${order.shortId}`}
                  >
                    Details
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>,
            order.paymentIssue ? (
              <TableRow
                key={`${order.id}-issue`}
                data-testid="admin-order-issue"
                sx={{ ...(newIds.has(order.id) ? newRowSx : undefined), '&:hover': { bgcolor: 'action.hover' } }}
              >
                <TableCell colSpan={TABLE_COLUMNS} sx={{ pt: '0 !important' }}>
                  <PaymentIssueFlag order={order} />
                </TableCell>
              </TableRow>
            ) : null,
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OrderCards({ orders, newIds, pendingStatus, onStatusChange, onViewProof, onOpenDetails }: ViewProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {orders.map((order) => (
        <Card
          key={order.id}
          component="article"
          data-testid="admin-order"
          aria-label={`Order ${order.shortId}`}
          sx={newIds.has(order.id) ? newRowSx : undefined}
        >
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ ...mono, fontWeight: 700 }}>{order.shortId}</Typography>
                  {newIds.has(order.id) ? <NewChip /> : null}
                  {order.paymentOverdue ? <OverdueChip /> : null}
                  {order.awaitingStock ? <AwaitingStockChip /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(order.createdAt)}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatUsd(order.totalPrice)}</Typography>
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, my: 1.5 }}>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                  Customer
                </Typography>
                <Box component="dd" sx={{ m: 0 }}>
                  <CustomerCell order={order} />
                </Box>
              </Box>
              <Field label="Product">{order.product.name}</Field>
              <Field label="Quantity">{order.quantity.toLocaleString('en-US')}</Field>
              <Field label="Method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Field>
              <Field label="Amount">{cryptoLine(order)}</Field>
              <Field label="Domain" wide>
                {order.domainName || 'No domain'}
              </Field>
              <Field label="Transaction ID" wide>
                {order.transactionId ? (
                  <Box component="span" sx={mono} title={order.transactionId}>
                    {shortHash(order.transactionId)}
                  </Box>
                ) : (
                  'Not provided'
                )}
              </Field>
              {order.payment ? (
                <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                  <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                    Payment on chain
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    <ChainEvidence order={order} />
                  </Box>
                </Box>
              ) : null}
            </Box>
            {order.paymentIssue ? (
              <Box sx={{ mb: 1.5 }}>
                <PaymentIssueFlag order={order} />
              </Box>
            ) : null}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <OrderStatusSelect
                shortId={order.shortId}
                status={order.status}
                pendingStatus={pendingStatus[order.id]}
                onChange={(status) => onStatusChange(order.id, order.shortId, status)}
              />
              <ProofButton order={order} onViewProof={onViewProof} />
              <Button
                size="small"
                onClick={() => onOpenDetails(order.id)}
                aria-label={`Details of order ${order.shortId}`}
              >
                Details
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

const newRowSx = { bgcolor: 'rgba(20, 184, 166, 0.08)' };
