import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { licenceKeyCount, ORDER_STATUS_LABELS, PAYMENT_METHOD_CURRENCY } from '../../../../../common/labels';
import { formatCryptoAmount } from '../../../format/crypto';
import { graphql } from '../../../gql/admin';
import type { AdminMarkPaidCheck_OrderFragment, OrderStatus } from '../../../gql/admin/graphql';

/** What the dialog reads of an order: what would be delivered, and what backs the claim that it was paid. */
export const AdminMarkPaidCheckFragment = graphql(/* GraphQL */ `
  fragment AdminMarkPaidCheck_order on Order {
    id
    shortId
    status
    quantity
    paymentMethod
    paymentAmountCrypto
    transactionId
    paymentProofUrl
    customer {
      email
    }
    product {
      id
      fulfilment
    }
    payment {
      amount
      status
    }
  }
`);

export type MarkPaidOrder = AdminMarkPaidCheck_OrderFragment;

/**
 * What marking `order` paid by hand will do and on what evidence, one sentence each: what is delivered (the delivery
 * job runs on any paid status and then completes the order), what the chain has seen, what the customer gave.
 */
export function markPaidConsequences(order: MarkPaidOrder): { delivery: string; evidence: string[]; warn: boolean } {
  const facts = fulfilmentFacts(order.product.fulfilment);
  const to = order.customer?.email ?? 'the customer';
  const delivery = facts.delivers.keys
    ? `${licenceKeyCount(order.quantity)}${facts.delivers.file ? ' and the download' : ''} will be delivered to ${to} at once, and the order moves to ${ORDER_STATUS_LABELS.COMPLETED}.`
    : `Nothing is delivered automatically: you deliver this product to ${to} yourself.`;
  const currency = PAYMENT_METHOD_CURRENCY[order.paymentMethod];
  const evidence = [
    order.payment
      ? `A payment of ${formatCryptoAmount(order.payment.amount, currency)} was seen on chain (${order.payment.status.toLowerCase()}); ${formatCryptoAmount(order.paymentAmountCrypto, currency)} was asked.`
      : `Nothing has been seen on chain for the ${formatCryptoAmount(order.paymentAmountCrypto, currency)} asked.`,
    order.paymentProofUrl || order.transactionId
      ? `The customer gave ${[order.paymentProofUrl ? 'a payment proof' : null, order.transactionId ? `transaction ID ${order.transactionId}` : null].filter(Boolean).join(' and ')}.`
      : 'The customer gave no proof and no transaction ID.',
  ];
  return { delivery, evidence, warn: !order.payment };
}

export interface MarkPaidDialogProps {
  /** The order and the paid status chosen for it, or null when closed. */
  request: { order: MarkPaidOrder; status: OrderStatus } | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an admin marks an order paid by hand (a paid status on an order that was not paid): delivery follows
 * at once and cannot be taken back, so the dialog says what will be delivered and what the payment rests on.
 */
export function MarkPaidDialog({ request, onConfirm, onClose }: MarkPaidDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const said = request ? markPaidConsequences(request.order) : null;
  return (
    <Dialog
      open={!!request}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="mark-paid-title"
      aria-describedby="mark-paid-delivery"
      // Cancel takes the focus once shown, so Enter delivers nothing by accident.
      slotProps={{ transition: { onEntered: () => cancelButton.current?.focus() } }}
    >
      <DialogTitle id="mark-paid-title">
        Mark order {request?.order.shortId} as {request ? ORDER_STATUS_LABELS[request.status] : ''}?
      </DialogTitle>
      {said ? (
        <DialogContent>
          <Stack spacing={1.5}>
            <Typography id="mark-paid-delivery" sx={{ fontWeight: 600 }}>
              {said.delivery}
            </Typography>
            <Alert severity={said.warn ? 'warning' : 'info'} icon={false}>
              {said.evidence.map((line) => (
                <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
            </Alert>
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button ref={cancelButton} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          Mark as paid
        </Button>
      </DialogActions>
    </Dialog>
  );
}
