import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MONOSPACE_FONT } from '../../../theme/theme';

interface DeleteWebhookEndpointDialogProps {
  /** The endpoint to delete, or null when closed. */
  endpoint: { id: string; url: string } | null;
  deleting: boolean;
  onConfirm: (id: string, url: string) => void;
  onClose: () => void;
}

/** Asks before deleting an endpoint: it gets no more events and its delivery log goes with it. */
export function DeleteWebhookEndpointDialog({
  endpoint,
  deleting,
  onConfirm,
  onClose,
}: DeleteWebhookEndpointDialogProps) {
  return (
    <Dialog open={!!endpoint} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-webhook-title">
      <DialogTitle id="delete-webhook-title">Delete this endpoint?</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <Box component="strong" sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
            {endpoint?.url}
          </Box>{' '}
          will receive no more events. Its delivery log is deleted, and deliveries waiting for a retry are dropped.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => endpoint && onConfirm(endpoint.id, endpoint.url)}
          disabled={deleting}
        >
          {deleting ? 'Deleting...' : 'Delete endpoint'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
