import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { orderStatusPaletteColour } from '../../../format/order-status';
import type { OrderStatus } from '../../../gql/admin/graphql';

/**
 * The statuses an admin sets (docs/order-lifecycle.md "Statuses"): the spec's five in its order, then CANCELLED (an
 * order the customer will not pay, e.g. at their request by e-mail).
 */
export const SETTABLE_STATUSES = [
  'PENDING',
  'SUCCESS',
  'PROCESSING',
  'COMPLETED',
  'NOT_RECEIVED',
  'CANCELLED',
] as const;

interface OrderStatusSelectProps {
  shortId: string;
  status: OrderStatus;
  /** The status being saved, shown until the server confirms it. */
  pendingStatus?: OrderStatus;
  onChange: (status: OrderStatus) => void;
}

/**
 * The per-order status dropdown; a choice applies at once. The dot shows the status's colour (the one
 * map of format/order-status), so the queue reads at a glance. Native, so it is a plain combobox for the
 * keyboard and a wheel on phones. A status an admin cannot set (CONFIRMED, ACTIVE: badges only) is shown
 * but not offered.
 */
export function OrderStatusSelect({ shortId, status, pendingStatus, onChange }: OrderStatusSelectProps) {
  const value = pendingStatus ?? status;
  const settable = (SETTABLE_STATUSES as readonly OrderStatus[]).includes(status);
  return (
    <TextField
      select
      size="small"
      value={value}
      disabled={!!pendingStatus}
      onChange={(event) => onChange(event.target.value as OrderStatus)}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': `Status of order ${shortId}` },
        input: {
          startAdornment: (
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: orderStatusPaletteColour(value),
              }}
            />
          ),
        },
      }}
      sx={{
        width: 150,
        '& .MuiInputBase-root': { pl: 1.25 },
        '& select': { fontWeight: 600, fontSize: '0.875rem', pl: 1 },
      }}
    >
      {settable ? null : (
        <option value={status} disabled>
          {ORDER_STATUS_LABELS[status]}
        </option>
      )}
      {SETTABLE_STATUSES.map((option) => (
        <option key={option} value={option}>
          {ORDER_STATUS_LABELS[option]}
        </option>
      ))}
    </TextField>
  );
}
