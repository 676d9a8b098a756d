import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
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

/** What an admin list shows when it has no rows: what is missing, and what would fill it. */
export function EmptyListState({ title, hint }: { title: string; hint: string }) {
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary">{hint}</Typography>
    </Box>
  );
}

/** The "Load more" button under a keyset-paged admin list; nothing when there is no next page. */
export function LoadMoreButton({
  hasNextPage,
  loading,
  onLoadMore,
}: {
  hasNextPage: boolean | undefined;
  loading: boolean;
  onLoadMore: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Button variant="outlined" onClick={() => void onLoadMore()} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </Box>
  );
}

/** "Showing 20 of 1,234 tickets": how much of a paged admin list is on screen. */
export function shownOfTotal(shown: number, total: number, noun: string): string {
  return `Showing ${shown} of ${total} ${total === 1 ? noun : `${noun}s`}`;
}
