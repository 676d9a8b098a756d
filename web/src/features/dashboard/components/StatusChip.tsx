import Chip, { type ChipProps } from '@mui/material/Chip';
import { ORDER_STATUS_LABELS, TICKET_PRIORITY_LABELS } from '../../../../../common/labels';
import { ORDER_STATUS_COLOURS } from '../../../format/order-status';
import type { CertificateStatus, OrderStatus, TicketPriority, TicketStatus } from '../../../gql/graphql';

type Colour = ChipProps['color'];

const CERTIFICATE: Record<CertificateStatus, { label: string; colour: Colour }> = {
  ACTIVE: { label: 'Active', colour: 'success' },
  PENDING: { label: 'Pending', colour: 'warning' },
  EXPIRED: { label: 'Expired', colour: 'default' },
  REVOKED: { label: 'Revoked', colour: 'error' },
};

const TICKET: Record<TicketStatus, { label: string; colour: Colour }> = {
  OPEN: { label: 'Open', colour: 'info' },
  IN_PROGRESS: { label: 'In Progress', colour: 'warning' },
  // The customer is the one it waits on.
  WAITING_ON_CUSTOMER: { label: 'Awaiting Your Reply', colour: 'secondary' },
  RESOLVED: { label: 'Resolved', colour: 'success' },
  CLOSED: { label: 'Closed', colour: 'default' },
};

const PRIORITY_COLOURS: Record<TicketPriority, Colour> = {
  LOW: 'default',
  MEDIUM: 'info',
  HIGH: 'warning',
  URGENT: 'error',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" label={ORDER_STATUS_LABELS[status]} color={ORDER_STATUS_COLOURS[status]} />;
}

export function CertificateStatusChip({ status }: { status: CertificateStatus }) {
  return <Chip size="small" label={CERTIFICATE[status].label} color={CERTIFICATE[status].colour} />;
}

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" label={TICKET[status].label} color={TICKET[status].colour} />;
}

export function TicketPriorityChip({ priority }: { priority: TicketPriority }) {
  const label = TICKET_PRIORITY_LABELS[priority];
  return <Chip size="small" variant="outlined" label={`${label} priority`} color={PRIORITY_COLOURS[priority]} />;
}
