import type { ChipProps } from '@mui/material/Chip';
import type { NotificationKind, NotificationStatus } from '../../../gql/admin/graphql';

/** What each message tells the customer, as the Outbox lists it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  STAFF_INVITATION: 'Staff invitation',
  ORDER_RECEIVED: 'Order received',
  PAYMENT_CONFIRMED: 'Payment confirmed',
  PAYMENT_NOT_RECEIVED: 'Payment not received',
  ORDER_DELIVERED: 'Order completed',
  PAYMENT_ISSUE: 'Payment problem',
  AWAITING_STOCK: 'Paid, awaiting stock',
  TICKET_REPLY: 'Ticket reply',
  PASSWORD_RESET: 'Password reset link',
  PASSWORD_CHANGED: 'Password changed',
  EMAIL_VERIFY: 'E-mail confirmation link',
  EMAIL_CHANGE_CONFIRM: 'New e-mail confirmation link',
  EMAIL_CHANGED: 'E-mail change notice',
  SECOND_FACTOR_ADDED: 'Sign-in method added',
  SECOND_FACTORS_RESET: 'Second factors cleared',
  REFUND_OFFERED: 'Refund offered',
  REFUND_CLAIMED: 'Refund claimed',
  REFUND_TO_PAY: 'Refund to pay (staff)',
  REFUND_SENT: 'Refund sent',
  REFUND_PAID: 'Refund paid',
  REFUND_CANCELLED: 'Refund withdrawn',
  PAYMENT_REORGED: 'Payment taken back (to staff)',
};

/** Each outbox status with its chip colour (the label is always written in the chip). */
export const NOTIFICATION_STATUS: Record<
  NotificationStatus,
  { label: string; colour: Extract<ChipProps['color'], 'default' | 'info' | 'success' | 'warning' | 'error'> }
> = {
  QUEUED: { label: 'Queued', colour: 'info' },
  SENT: { label: 'Sent', colour: 'success' },
  FAILED: { label: 'Failed', colour: 'error' },
  NOT_SENT: { label: 'Not sent', colour: 'warning' },
};
