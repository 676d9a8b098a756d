import AddIcon from '@mui/icons-material/Add';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { TICKET_CATEGORY_LABELS } from '../../../../../common/labels';
import { formatDate } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';
import type { TicketCategory } from '../../../gql/graphql';
import { EmptyState } from './EmptyState';
import { TicketPriorityChip, TicketStatusChip } from './StatusChip';

export const TicketsTabFragment = graphql(/* GraphQL */ `
  fragment TicketsTab_ticket on SupportTicket {
    id
    title
    description
    category
    createdAt
    status
    priority
  }
`);

interface Props {
  tickets: readonly FragmentType<typeof TicketsTabFragment>[];
}

const CREATE_TICKET = 'Create New Ticket';

/** Dashboard › Support: the viewer's tickets with a two-line description, and a way to open another. */
export function TicketsTab(props: Props) {
  const tickets = getFragmentData(TicketsTabFragment, props.tickets);
  if (tickets.length === 0) {
    return (
      <EmptyState
        icon={<SupportAgentOutlinedIcon />}
        title="No support tickets yet"
        text="Questions about an order or an installation? Our team answers within 24 hours."
        actionLabel={CREATE_TICKET}
        actionTo="/support"
      />
    );
  }
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/support" variant="contained" startIcon={<AddIcon />}>
          {CREATE_TICKET}
        </Button>
      </Box>
      <Stack spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {tickets.map((ticket) => (
          <Card component="li" key={ticket.id}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {ticket.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(ticket.createdAt)} ·{' '}
                    {TICKET_CATEGORY_LABELS[ticket.category.toLowerCase() as Lowercase<TicketCategory>]}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <TicketStatusChip status={ticket.status} />
                  <TicketPriorityChip priority={ticket.priority} />
                </Stack>
              </Stack>
              <Typography
                variant="body2"
                sx={{
                  mt: 1.5,
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {ticket.description}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
