import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../apollo/errors';
import { ErrorState, LoadingState } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { formatPrice } from '../../../format/price';
import { getFragmentData, graphql } from '../../../gql';
import { ConversationDialog, ConversationDialogTitle } from '../../support/components/ConversationDialog';
import { TicketReplyForm } from '../../support/components/TicketReplyForm';
import { TicketThread } from '../../support/components/TicketThread';
import { TicketStatusChip } from './StatusChip';

const TicketThreadFields = graphql(/* GraphQL */ `
  fragment DashboardTicketThread_ticket on SupportTicket {
    id
    title
    status
    lastActivityAt
    order {
      id
      shortId
      quantity
      totalPrice
      product {
        id
        name
      }
    }
    messages {
      id
      body
      fromStaff
      createdAt
    }
  }
`);

const DashboardTicketQuery = graphql(/* GraphQL */ `
  query DashboardTicket($id: ID!) {
    ticket(id: $id) {
      id
      ...DashboardTicketThread_ticket
    }
  }
`);

const DashboardTicketUpdated = graphql(/* GraphQL */ `
  subscription DashboardTicketUpdated($id: ID!) {
    ticketUpdated(ticketId: $id) {
      id
      ...DashboardTicketThread_ticket
      ...TicketsTab_ticket
    }
  }
`);

const DashboardReplyToTicket = graphql(/* GraphQL */ `
  mutation DashboardReplyToTicket($id: ID!, $body: String!) {
    replyToTicket(ticketId: $id, body: $body) {
      id
      ...DashboardTicketThread_ticket
      ...TicketsTab_ticket
    }
  }
`);

/**
 * One of the customer's tickets as a conversation (Dashboard › Support): the thread, live (a staff reply appears
 * without a reload: `ticketUpdated`), and a reply box while the ticket is not closed. Full screen on phones.
 */
export function TicketThreadDialog({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  return (
    <ConversationDialog open={!!ticketId} onClose={onClose} labelledBy="ticket-thread-title" maxWidth="md">
      {ticketId ? <ThreadContent ticketId={ticketId} onClose={onClose} /> : null}
    </ConversationDialog>
  );
}

function ThreadContent({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const toast = useToast();
  const { data, loading, error } = useQuery(DashboardTicketQuery, { variables: { id: ticketId } });
  // Each update is written to the cache by id, so the thread re-renders with it.
  useSubscription(DashboardTicketUpdated, { variables: { id: ticketId } });
  const [reply, { loading: sending }] = useMutation(DashboardReplyToTicket);
  const ticket = data?.ticket ? getFragmentData(TicketThreadFields, data.ticket) : null;

  const send = async (body: string): Promise<boolean> => {
    try {
      await reply({ variables: { id: ticketId, body } });
      return true;
    } catch (failure) {
      toast({ severity: 'error', title: 'Reply not sent', description: errorMessage(failure, 'Please try again.') });
      return false;
    }
  };

  return (
    <>
      <ConversationDialogTitle id="ticket-thread-title" onClose={onClose}>
        {ticket?.title ?? 'Support ticket'}
      </ConversationDialogTitle>
      <DialogContent dividers>
        {!ticket ? (
          loading ? (
            <LoadingState label="Loading the conversation..." />
          ) : (
            <ErrorState message={errorMessage(error, 'This ticket could not be loaded.')} />
          )
        ) : (
          <Stack spacing={2.5} data-testid="customer-ticket-thread" data-status={ticket.status}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <TicketStatusChip status={ticket.status} />
              {ticket.order ? (
                <Typography variant="body2" color="text.secondary">
                  About order {ticket.order.shortId}: {ticket.order.product.name} × {ticket.order.quantity},{' '}
                  {formatPrice(ticket.order.totalPrice)}
                </Typography>
              ) : null}
            </Stack>
            <TicketThread messages={ticket.messages} viewer="customer" />
            {ticket.status === 'CLOSED' ? (
              <Alert severity="info">This ticket is closed. Open a new ticket if you still need help.</Alert>
            ) : (
              <TicketReplyForm onSend={send} sending={sending} />
            )}
          </Stack>
        )}
      </DialogContent>
    </>
  );
}
