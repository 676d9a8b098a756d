import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * The frame of an admin list that is a table on wide screens and cards on phones: below lg the rows are cards of
 * their own, so the frame has no border or background there.
 */
export function ResponsiveListFrame({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        borderRadius: '16px',
        overflow: 'hidden',
        border: { xs: 0, lg: 1 },
        borderColor: { lg: 'divider' },
        bgcolor: { xs: 'transparent', lg: 'background.paper' },
      }}
    >
      {children}
    </Paper>
  );
}
