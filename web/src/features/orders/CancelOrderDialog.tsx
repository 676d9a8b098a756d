import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ORDER_ACTION_TEXTS } from './order-actions.texts';

interface Props {
  open: boolean;
  shortId: string;
  productName: string;
  cancelling: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * "Cancel this order?": cancelling cannot be undone, so it is asked once more. "Keep order" has the focus, so a
 * stray Enter keeps the order.
 */
export function CancelOrderDialog({ open, shortId, productName, cancelling, onKeep, onConfirm }: Props) {
  return (
    <Dialog
      open={open}
      onClose={cancelling ? undefined : onKeep}
      maxWidth="xs"
      fullWidth
      aria-labelledby="cancel-order-title"
      aria-describedby="cancel-order-text"
    >
      <DialogTitle id="cancel-order-title">{ORDER_ACTION_TEXTS.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-order-text">
          {ORDER_ACTION_TEXTS.confirmText(shortId, productName)}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>{ORDER_ACTION_TEXTS.confirmPaidHint}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onKeep} disabled={cancelling} autoFocus>
          {ORDER_ACTION_TEXTS.keep}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={cancelling}>
          {cancelling ? ORDER_ACTION_TEXTS.cancelling : ORDER_ACTION_TEXTS.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
