import AddIcon from '@mui/icons-material/Add';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TICKET_CATEGORY_LABELS } from '../../../../../common/labels';
import { formatDate } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';
import { EmptyState } from './EmptyState';
import { TicketPriorityChip, TicketStatusChip } from './StatusChip';
import { TicketThreadDialog } from './TicketThreadDialog';

export const TicketsTabFragment = graphql(/* GraphQL */ `
  fragment TicketsTab_ticket on SupportTicket {
    id
    title
    description
    category
    createdAt
    status
    priority
    lastActivityAt
  }
`);

/** The address parameter of the open conversation (the staff reply's e-mail links to it). */
const TICKET_PARAM = 'ticket';

interface Props {
  tickets: readonly FragmentType<typeof TicketsTabFragment>[];
}

const CREATE_TICKET = 'Create New Ticket';

/**
 * Dashboard › Support: the viewer's tickets with a two-line description, and a way to open another. Each opens as a
 * conversation (TicketThreadDialog) named in the address (?ticket=…), so the e-mail's link opens it directly.
 */
export function TicketsTab(props: Props) {
  const tickets = getFragmentData(TicketsTabFragment, props.tickets);
  const [params, setParams] = useSearchParams();
  const openId = params.get(TICKET_PARAM);
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(TICKET_PARAM, id);
        else next.delete(TICKET_PARAM);
        return next;
      },
      { replace: true },
    );
  const dialog = <TicketThreadDialog ticketId={openId} onClose={() => setOpen(null)} />;
  if (tickets.length === 0) {
    return (
      <>
        {dialog}
        <EmptyState
          icon={<SupportAgentOutlinedIcon />}
          title="No support tickets yet"
          text="Questions about an order or an installation? Our team answers within 24 hours."
          actionLabel={CREATE_TICKET}
          actionTo="/support"
        />
      </>
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
                    {formatDate(ticket.createdAt)} · {TICKET_CATEGORY_LABELS[ticket.category]}
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
              <Box sx={{ mt: 1.5 }}>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<ForumOutlinedIcon aria-hidden />}
                  onClick={() => setOpen(ticket.id)}
                  aria-label={`Open the conversation: ${ticket.title}`}
                >
                  Open conversation
                </Button>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {dialog}
    </Stack>
  );
}
