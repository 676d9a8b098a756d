import Dialog from '@mui/material/Dialog';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** The admin's dialog about one order: open while an order is chosen, full screen on phones. */
export function OrderDialog({
  orderId,
  onClose,
  labelledBy,
  children,
}: {
  orderId: string | null;
  onClose: () => void;
  labelledBy: string;
  children: (orderId: string) => ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={!!orderId}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={labelledBy}
    >
      {orderId ? children(orderId) : null}
    </Dialog>
  );
}
