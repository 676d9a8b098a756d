import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { AdminTicketOverdueCountQuery } from './ticketQueries';
import { onTicketsChanged } from './ticketCounts';

/** The overdue count is read again this often: a ticket becomes overdue by the clock alone. */
const OVERDUE_POLL_MS = 60_000;

/** "Tickets", and "· 3 overdue" while replies are late (in words, so it reads the same without colour). */
export function TicketsTabLabel() {
  const { data, refetch } = useQuery(AdminTicketOverdueCountQuery, {
    fetchPolicy: 'no-cache',
    pollInterval: OVERDUE_POLL_MS,
  });
  useEffect(() => onTicketsChanged(() => void refetch().catch(() => undefined)), [refetch]);
  const overdue = data?.adminTickets.overdueCount ?? 0;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      Tickets
      {overdue > 0 ? (
        <Box
          component="span"
          data-testid="tickets-overdue-count"
          sx={{
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: '0.75rem',
            fontWeight: 700,
            lineHeight: 1.6,
          }}
        >
          {overdue} overdue
        </Box>
      ) : null}
    </Box>
  );
}
