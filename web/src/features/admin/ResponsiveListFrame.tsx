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

/** The dense tables of the admin lists: cells aligned to the top, the first column inset like the frame's edge. */
export const ADMIN_TABLE_SX = {
  '& td, & th': { px: 1, py: 1.25, verticalAlign: 'top' },
  '& td:first-of-type, & th:first-of-type': { pl: 2 },
} as const;

/** Their header row: bold, muted, on one line. */
export const ADMIN_TABLE_HEAD_SX = {
  '& th': { fontWeight: 700, color: 'text.secondary', whiteSpace: 'nowrap' },
} as const;
