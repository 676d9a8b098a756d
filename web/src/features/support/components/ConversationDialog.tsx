import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The id of the title element (ConversationDialogTitle's `id`). */
  labelledBy: string;
  maxWidth: DialogProps['maxWidth'];
  children: ReactNode;
}

/** The frame of a ticket's conversation, for the customer and for staff: full screen on phones. */
export function ConversationDialog({ open, onClose, labelledBy, maxWidth, children }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={labelledBy}
    >
      {children}
    </Dialog>
  );
}

/** The conversation's title (the ticket's subject) with a Close button. */
export function ConversationDialogTitle({
  id,
  onClose,
  children,
}: {
  id: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogTitle id={id} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
      {children}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
