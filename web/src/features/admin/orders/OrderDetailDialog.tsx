import { useQuery } from '@apollo/client/react';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { errorMessage } from '../../../apollo/errors';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { getFragmentData, graphql } from '../../../gql/admin';
import type { OrderStatus } from '../../../gql/admin/graphql';
import { formatDateTime } from '../../../format/date';
import { IssueCertificateForm } from './IssueCertificateForm';
import { useCan } from '../adminAccess';
import { OrderAuditTrail } from './OrderAuditTrail';
import { ChainEvidence, PaymentIssueFlag } from './ChainEvidence';
import { Field } from '../list/AdminRows';
import { AdminOrderRowFragment, cryptoLine, OverdueChip } from './OrdersList';
import { OrderStatusSelect } from './OrderStatusSelect';
import { useIssueCertificate } from './useIssueCertificate';
import { OrderDialog } from './OrderDialog';
import { ReorgedOrderKeys } from './ReorgedOrderKeys';
import { OrderRefundsSection } from '../refunds/OrderRefundsSection';

const OrderDetailQuery = graphql(/* GraphQL */ `
  query AdminOrderDetail($id: ID!) {
    order(id: $id) {
      id
      contactEmail
      cryptoAddress
      unitPrice
      updatedAt
      paymentDueAt
      quoteExpiresAt
      amountDue
      acceptedShortfall
      product {
        id
        fulfilment
      }
      rate {
        currency
        usd
        source
      }
      ...AdminOrderRow_order
      ...AdminOrderAudit_order
    }
  }
`);

interface OrderDetailDialogProps {
  orderId: string | null;
  pendingStatus: Readonly<Record<string, OrderStatus>>;
  onStatusChange: (orderId: string, shortId: string, status: OrderStatus) => void;
  onViewProof: (orderId: string) => void;
  onClose: () => void;
}

/** One order in full: its details, status, history (audit trail) and the certificate issue form. */
export function OrderDetailDialog({ orderId, onClose, ...rest }: OrderDetailDialogProps) {
  return (
    <OrderDialog orderId={orderId} onClose={onClose} labelledBy="order-detail-title">
      {(id) => <OrderDetail key={id} orderId={id} onClose={onClose} {...rest} />}
    </OrderDialog>
  );
}

function OrderDetail({
  orderId,
  pendingStatus,
  onStatusChange,
  onViewProof,
  onClose,
}: OrderDetailDialogProps & { orderId: string }) {
  const { data, loading, error, refetch } = useQuery(OrderDetailQuery, { variables: { id: orderId } });
  const { issue, loading: issuing } = useIssueCertificate(orderId, () => void refetch());
  // Status changes and certificates need ORDERS_WRITE; SUPPORT reads the order only (docs/staff-and-permissions.md).
  const canWrite = useCan('ORDERS_WRITE');
  const canRefund = useCan('REFUNDS');
  const detail = data?.order;
  const order = detail ? getFragmentData(AdminOrderRowFragment, detail) : null;
  // Only a product whose kind an admin delivers as a certificate offers "Issue certificate" (common/fulfilment-kinds).
  const canIssue = canWrite && !!detail?.product && fulfilmentFacts(detail.product.fulfilment).issuesCertificate;

  return (
    <>
      <DialogTitle
        id="order-detail-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5, fontSize: '1.25rem' }}
      >
        <Box component="span" sx={{ flexGrow: 1 }}>
          Order {order?.shortId ?? ''}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {loading && !data ? (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress color="secondary" aria-label="Loading order" />
          </Box>
        ) : !detail || !order ? (
          <Alert severity="error">
            {error ? errorMessage(error, 'Could not load this order.') : 'Order not found'}
          </Alert>
        ) : (
          <Stack spacing={3}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
                gap: 2,
              }}
            >
              <Field label="Customer">
                {order.customer?.fullName || 'No name'}
                <br />
                {order.customer?.email}
              </Field>
              <Field label="Contact e-mail">{detail.contactEmail}</Field>
              <Field label="Placed">{formatDateTime(order.createdAt)}</Field>
              <Field label="Payment due">{formatDateTime(detail.paymentDueAt)}</Field>
              <Field label="Product">{order.product.name}</Field>
              <Field label="Quantity">
                {order.quantity.toLocaleString('en-US')} × {formatUsd(detail.unitPrice)}
              </Field>
              <Field label="Total">{formatUsd(order.totalPrice)}</Field>
              <Field label="Payment method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Field>
              <Field label="Amount to receive">{cryptoLine(order)}</Field>
              {detail.rate ? (
                <Field label="Priced at">
                  1 {detail.rate.currency} = {formatUsd(Number(detail.rate.usd))}
                  <br />
                  <Typography component="span" variant="body2" color="text.secondary">
                    {detail.rate.source}
                    {detail.quoteExpiresAt ? `, locked until ${formatDateTime(detail.quoteExpiresAt)}` : ''}
                  </Typography>
                </Field>
              ) : null}
              {detail.amountDue ? (
                <Field label="Still to receive">
                  {detail.amountDue} {PAYMENT_METHOD_CURRENCY[order.paymentMethod]}
                </Field>
              ) : null}
              {detail.acceptedShortfall ? (
                <Field label="Accepted short">
                  {formatUsd(detail.acceptedShortfall)} (within the payment tolerance)
                </Field>
              ) : null}
              <Field label="Transaction ID">{order.transactionId || 'Not provided'}</Field>
              <Field label="Wallet address">{detail.cryptoAddress || 'None'}</Field>
              {order.payment ? (
                <Field label="Payment on chain">
                  <ChainEvidence order={order} />
                </Field>
              ) : null}
              <Field label="Domain">{order.domainName || 'No domain'}</Field>
              <Field label="Last updated">{formatDateTime(detail.updatedAt)}</Field>
            </Box>
            <PaymentIssueFlag order={order} />
            {order.paymentIssueKind === 'REORGED' ? <ReorgedOrderKeys orderId={order.id} /> : null}
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {canWrite ? (
                <OrderStatusSelect
                  shortId={order.shortId}
                  status={order.status}
                  pendingStatus={pendingStatus[order.id]}
                  onChange={(status) => onStatusChange(order.id, order.shortId, status)}
                />
              ) : (
                <Chip
                  label={ORDER_STATUS_LABELS[order.status]}
                  variant="outlined"
                  data-testid="order-status-read-only"
                />
              )}
              {order.paymentOverdue ? <OverdueChip /> : null}
              {order.paymentProofUrl ? (
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<ImageOutlinedIcon aria-hidden />}
                  onClick={() => onViewProof(order.id)}
                >
                  View payment proof
                </Button>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No payment proof uploaded
                </Typography>
              )}
            </Stack>
            <Divider />
            {canRefund ? (
              <>
                <OrderRefundsSection orderId={order.id} currency={PAYMENT_METHOD_CURRENCY[order.paymentMethod]} />
                <Divider />
              </>
            ) : null}
            <Box component="section" aria-labelledby="order-history-title">
              <Typography id="order-history-title" component="h3" variant="h5" sx={{ mb: 1.5 }}>
                History
              </Typography>
              <OrderAuditTrail order={detail} />
            </Box>
            {canIssue ? <Divider /> : null}
            {canIssue ? (
              <Box component="section" aria-labelledby="issue-certificate-title">
                <Typography id="issue-certificate-title" component="h3" variant="h5" sx={{ mb: 0.5 }}>
                  Issue certificate
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  The certificate appears in the customer&apos;s dashboard, with downloads for the files you attach.
                </Typography>
                <IssueCertificateForm defaultDomain={order.domainName} submitting={issuing} onSubmit={issue} />
              </Box>
            ) : null}
          </Stack>
        )}
      </DialogContent>
    </>
  );
}
