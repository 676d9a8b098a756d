/** Designed loading and error states for data views. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A spinner and its label. `fill`: a whole page is loading (a session being restored, the page's query), so the state
 * takes the screen below the navigation bar and the footer starts below the fold: otherwise the footer shows first and
 * the page pushes it down as it arrives (Lighthouse measured a layout shift of 0.64 on /verify on a phone).
 */
export function LoadingState({ label, fill = false }: { label: string; fill?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        py: 10,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        ...(fill && { minHeight: { xs: 'calc(100vh - 56px)', md: 'calc(100vh - 64px)' }, boxSizing: 'border-box' }),
      }}
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
