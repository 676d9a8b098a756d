import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  ORDER_STATUS_LABELS,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '../../../../../common/labels';
import { ErrorState, LoadingState } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { formatDate, formatDateTime } from '../../../format/date';
import { formatPrice } from '../../../format/price';
import { getFragmentData } from '../../../gql/admin';
import type { TicketCategory, TicketPriority, TicketStatus } from '../../../gql/admin/graphql';
import { ConversationDialog, ConversationDialogTitle } from '../../support/components/ConversationDialog';
import { TicketReplyForm } from '../../support/components/TicketReplyForm';
import { TicketThread } from '../../support/components/TicketThread';
import { failureToast } from '../admin-toasts';
import {
  AdminReplyToTicketMutation,
  AdminSetTicketStatusMutation,
  AdminTicketDetailFragment,
  AdminTicketQuery,
  AdminTicketRowFragment,
} from './ticketQueries';
import { ticketsChanged } from './ticketCounts';
import { ReplyDue } from './ReplyDue';

export const TICKET_STATUSES = Object.keys(TICKET_STATUS_LABELS) as TicketStatus[];

/**
 * One ticket for staff: the customer, the status select (applies at once), the thread with the reply box, and the
 * linked order beside it (below it on narrow screens). Full screen on phones. Changes made elsewhere (the customer's
 * reply, another agent) arrive through the tab's live subscription, which updates this view through the cache.
 */
export function TicketDialog({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  return (
    <ConversationDialog open={!!ticketId} onClose={onClose} labelledBy="admin-ticket-title" maxWidth="lg">
      {ticketId ? <TicketView ticketId={ticketId} onClose={onClose} /> : null}
    </ConversationDialog>
  );
}

function TicketView({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const toast = useToast();
  const { data, loading, error } = useQuery(AdminTicketQuery, { variables: { id: ticketId } });
  const [reply, { loading: sending }] = useMutation(AdminReplyToTicketMutation);
  const [setStatus, { loading: settingStatus }] = useMutation(AdminSetTicketStatusMutation);
  const [pendingStatus, setPendingStatus] = useState<TicketStatus | null>(null);

  const detail = data?.ticket ? getFragmentData(AdminTicketDetailFragment, data.ticket) : null;
  const row = detail ? getFragmentData(AdminTicketRowFragment, detail) : null;

  const send = async (body: string): Promise<boolean> => {
    try {
      await reply({ variables: { id: ticketId, body } });
      ticketsChanged();
      toast({
        title: 'Reply sent',
        description: 'The customer sees it now and gets it by e-mail.',
        severity: 'success',
      });
      return true;
    } catch (failure) {
      toast(failureToast('Reply not sent', failure));
      return false;
    }
  };

  const changeStatus = async (status: TicketStatus) => {
    setPendingStatus(status);
    try {
      await setStatus({ variables: { id: ticketId, status } });
      ticketsChanged();
      toast({
        title: 'Status updated',
        description: `The ticket is now ${TICKET_STATUS_LABELS[status]}.`,
        severity: 'success',
      });
    } catch (failure) {
      toast(failureToast('Status not updated', failure));
    } finally {
      setPendingStatus(null);
    }
  };

  const customerName = row?.customer?.fullName?.trim() || row?.customer?.email || 'Customer';

  return (
    <>
      <ConversationDialogTitle id="admin-ticket-title" onClose={onClose}>
        {row?.title ?? 'Ticket'}
      </ConversationDialogTitle>
      <DialogContent dividers>
        {!detail || !row ? (
          loading ? (
            <LoadingState label="Loading the ticket..." />
          ) : (
            <ErrorState message={error?.message ?? 'This ticket could not be loaded.'} />
          )
        ) : (
          <Grid container spacing={3} data-testid="admin-ticket-view" data-status={row.status}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Stack spacing={2.5}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{customerName}</Typography>
                    {row.customer?.fullName ? (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {row.customer.email}
                      </Typography>
                    ) : null}
                  </Box>
                  <TextField
                    select
                    size="small"
                    label="Status"
                    value={pendingStatus ?? row.status}
                    disabled={settingStatus}
                    onChange={(event) => void changeStatus(event.target.value as TicketStatus)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    sx={{ minWidth: 200 }}
                  >
                    {TICKET_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {TICKET_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </TextField>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <Chip size="small" variant="outlined" label={categoryLabel(row.category)} />
                  <Chip size="small" variant="outlined" label={`${priorityLabel(row.priority)} priority`} />
                  <ReplyDue overdue={row.overdue} replyDueAt={row.replyDueAt} />
                </Stack>
                <TicketThread messages={detail.messages} viewer="staff" customerName={customerName} />
                {row.status === 'CLOSED' ? (
                  <Alert severity="info">This ticket is closed: reopen it with the status to reply.</Alert>
                ) : (
                  <TicketReplyForm onSend={send} sending={sending} label="Reply to the customer" />
                )}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" component="section" aria-labelledby="ticket-order-heading" sx={{ p: 2 }}>
                <Typography id="ticket-order-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
                  Related order
                </Typography>
                {detail.order ? (
                  <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.75 }}>
                    <OrderFact label="Order" value={detail.order.shortId} />
                    <OrderFact label="Product" value={detail.order.product.name} />
                    <OrderFact label="Quantity" value={String(detail.order.quantity)} />
                    <OrderFact label="Total" value={formatPrice(detail.order.totalPrice)} />
                    <OrderFact label="Status" value={ORDER_STATUS_LABELS[detail.order.status]} />
                    <OrderFact label="Placed" value={formatDate(detail.order.createdAt)} />
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    The customer did not link an order.
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  Opened {formatDateTime(row.createdAt)}
                </Typography>
              </Paper>
            </Grid>
          </Grid>
        )}
      </DialogContent>
    </>
  );
}

function OrderFact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

export const categoryLabel = (category: TicketCategory) => TICKET_CATEGORY_LABELS[category];
export const priorityLabel = (priority: TicketPriority) => TICKET_PRIORITY_LABELS[priority];
