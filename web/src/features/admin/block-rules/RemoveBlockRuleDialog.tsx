import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef } from 'react';
import { MONOSPACE_FONT } from '../../../theme/theme';

interface RemoveBlockRuleDialogProps {
  /** The rule to remove, or null when closed. */
  rule: { id: string; value: string } | null;
  removing: boolean;
  onConfirm: (rule: { id: string; value: string }) => void;
  onClose: () => void;
}

/** Asks before removing a rule: what it turned away goes through again at once, on every server. */
export function RemoveBlockRuleDialog({ rule, removing, onConfirm, onClose }: RemoveBlockRuleDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={!!rule}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="remove-block-rule-title"
      // Cancel takes the focus once shown (autoFocus would be overridden by the dialog's own), so Enter removes nothing
      // by accident.
      slotProps={{ transition: { onEntered: () => cancelButton.current?.focus() } }}
    >
      <DialogTitle id="remove-block-rule-title">Remove this rule?</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          Sign-ups, sign-ins and checkouts from{' '}
          <Box component="strong" sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
            {rule?.value}
          </Box>{' '}
          will no longer be turned away by it.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button ref={cancelButton} onClick={onClose} disabled={removing}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => rule && onConfirm(rule)} disabled={removing}>
          {removing ? 'Removing...' : 'Remove rule'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
