/** Designed loading and error states for data views. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function LoadingState({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ py: 10, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <CircularProgress color="secondary" aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

export function ErrorState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Alert severity="error" sx={{ maxWidth: 560, width: '100%' }}>
        {message}
      </Alert>
      {action}
    </Box>
  );
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button variant="outlined" onClick={onRetry}>
      Try again
    </Button>
  );
}
