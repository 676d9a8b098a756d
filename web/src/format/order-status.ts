import type { ChipProps } from '@mui/material/Chip';
import type { OrderStatus } from '../gql/graphql';

export type OrderStatusColour = Extract<ChipProps['color'], 'default' | 'info' | 'success' | 'warning' | 'error'>;

/**
 * The one colour per order status, wherever a status is shown (dashboard, /verify, admin); the label
 * (common/labels' ORDER_STATUS_LABELS) is always written next to it.
 */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, OrderStatusColour> = {
  PENDING: 'warning',
  PROCESSING: 'info',
  CONFIRMED: 'info',
  SUCCESS: 'success',
  ACTIVE: 'success',
  COMPLETED: 'success',
  NOT_RECEIVED: 'error',
  CANCELLED: 'default',
};

/** The status colour as an `sx` palette path, for a dot or a border ('default' is the disabled grey). */
export function orderStatusPaletteColour(status: OrderStatus): string {
  const colour = ORDER_STATUS_COLOURS[status];
  return colour === 'default' ? 'text.disabled' : `${colour}.main`;
}

/**
 * Whether an order-history entry is a note rather than a status change: its status stays (from = to), e.g. '2 licence
 * keys delivered' or 'Certificate issued for example.com'.
 */
export function isHistoryNote(entry: { fromStatus?: string | null; toStatus: string }): boolean {
  return entry.fromStatus === entry.toStatus;
}
