import type { ChipProps } from '@mui/material/Chip';
import type { WebhookDeliveryStatus } from '../../../gql/admin/graphql';

/** Each delivery status with its chip colour (the label is always written in the chip). */
export const DELIVERY_STATUS: Record<
  WebhookDeliveryStatus,
  { label: string; colour: Extract<ChipProps['color'], 'info' | 'success' | 'error'> }
> = {
  PENDING: { label: 'Pending', colour: 'info' },
  SUCCEEDED: { label: 'Succeeded', colour: 'success' },
  FAILED: { label: 'Failed', colour: 'error' },
};

/**
 * What each event means, beside its name in the add dialog. The names come from the API (`webhookEventTypes`); an
 * event the server gains before this list does is shown by its name alone.
 */
export const EVENT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'order.created': 'An order is placed',
  'order.status_changed': "An order's status changes (any change, with who made it)",
  'order.paid': 'An order is paid (status Success)',
  'order.delivered': 'An order is completed',
  'order.payment_issue': "Something is wrong with an order's payment (short, late, failed…)",
  'order.awaiting_stock': 'A paid order waits for licence keys to be imported',
  'ticket.created': 'A support ticket is opened',
  'ticket.replied': 'A support ticket gets a reply',
  'product.stock_changed': 'A product goes in or out of stock',
  'refund.offered': 'A refund is offered to a customer',
  'refund.claimed': 'A customer claims a refund with their address',
  'refund.sent': "A refund's payout transaction is recorded",
  'refund.paid': "A refund's payout is confirmed on chain",
  'refund.cancelled': 'A refund is withdrawn before it was sent',
};
