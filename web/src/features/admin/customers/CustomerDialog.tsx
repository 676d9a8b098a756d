import { useMutation, useQuery } from '@apollo/client/react';
import BlockIcon from '@mui/icons-material/Block';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { CUSTOMER_MESSAGES } from '../../../../../common/validation';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { formatDate, formatDateTime } from '../../../format/date';
import { ORDER_STATUS_COLOURS } from '../../../format/order-status';
import { getFragmentData, graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { OrderDialog } from '../orders/OrderDialog';
import { Field } from '../list/AdminRows';
import { AdminCustomerRowFragment, CustomerMarks } from './CustomerList';

const AdminCustomerQuery = graphql(/* GraphQL */ `
  query AdminCustomer($userId: ID!) {
    adminCustomer(userId: $userId) {
      customer {
        id
        hasSecondFactor
        ...AdminCustomerRow_customer
      }
      orders {
        id
        status
        totalPrice
        quantity
        createdAt
        product {
          id
          name
        }
      }
      tickets {
        id
        title
        status
        createdAt
      }
    }
  }
`);

const SetCustomerBlockedMutation = graphql(/* GraphQL */ `
  mutation AdminSetCustomerBlocked($userId: ID!, $blocked: Boolean!) {
    setCustomerBlocked(userId: $userId, blocked: $blocked) {
      id
      ...AdminCustomerRow_customer
    }
  }
`);

const ResetSecondFactorsMutation = graphql(/* GraphQL */ `
  mutation AdminResetSecondFactors($userId: ID!) {
    resetSecondFactors(userId: $userId)
  }
`);

/** 'WAITING_ON_CUSTOMER' → 'Waiting on customer': any ticket status, including ones added later. */
function ticketStatusLabel(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A titled list of a customer's orders or tickets: each with its title, date and what follows (total, status). */
function ActivitySection({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { id: string; title: string; date: string; trailing: ReactNode }[];
}) {
  const headingId = `customer-${title.toLowerCase()}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters divider sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.title}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(item.date)}
                </Typography>
              </Box>
              {item.trailing}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * One customer: who, their totals, their latest orders and tickets, Block / Unblock (with a confirmation), and for an
 * account with a second factor, clearing it (support's way back in for a locked-out owner; asks first).
 */
export function CustomerDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  return (
    <OrderDialog orderId={userId} onClose={onClose} labelledBy="customer-dialog-title">
      {(id) => <CustomerView userId={id} onClose={onClose} />}
    </OrderDialog>
  );
}

function CustomerView({ userId, onClose }: { userId: string; onClose: () => void }) {
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(AdminCustomerQuery, {
    variables: { userId },
    fetchPolicy: 'cache-and-network',
  });
  const [setBlocked, { loading: saving }] = useMutation(SetCustomerBlockedMutation);
  const [resetFactors, { loading: resetting }] = useMutation(ResetSecondFactorsMutation);
  const [confirming, setConfirming] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancelResetButton = useRef<HTMLButtonElement>(null);

  const detail = data?.adminCustomer;
  const customer = detail ? getFragmentData(AdminCustomerRowFragment, detail.customer) : null;
  const name = customer ? customer.fullName || customer.email : 'Customer';

  const apply = async (blocked: boolean) => {
    try {
      await setBlocked({ variables: { userId, blocked } });
      toast({
        title: blocked ? 'Customer blocked' : 'Customer unblocked',
        description: blocked
          ? `${name} is signed out and can no longer sign in or place orders.`
          : `${name} can sign in and place orders again.`,
        severity: 'success',
      });
      setConfirming(false);
    } catch (failure) {
      toast(failureToast(blocked ? 'Failed to block the customer' : 'Failed to unblock the customer', failure));
    }
  };

  const reset = async () => {
    try {
      await resetFactors({ variables: { userId } });
      toast({
        title: 'Sign-in methods cleared',
        description: `${name} is signed out everywhere and signs in with their password alone; they were e-mailed.`,
        severity: 'success',
      });
      setConfirmingReset(false);
      void refetch();
    } catch (failure) {
      setConfirmingReset(false);
      toast(failureToast('Failed to clear the sign-in methods', failure));
    }
  };

  return (
    <>
      <DialogTitle id="customer-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </DialogTitle>
      <DialogContent dividers>
        {loading && !detail ? (
          <LoadingState label="Loading the customer..." />
        ) : !detail || !customer ? (
          <ErrorState
            message={error?.message ?? 'Failed to load the customer'}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        ) : (
          <Stack spacing={3}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{customer.email}</Typography>
              <CustomerMarks customer={customer} />
            </Stack>
            {detail.customer.hasSecondFactor ? (
              <Typography variant="body2" color="text.secondary">
                Signs in with a second factor (an authenticator app or a passkey).
              </Typography>
            ) : null}
            {customer.blocked && customer.blockedAt ? (
              <Alert severity="error" variant="outlined">
                Blocked since {formatDateTime(customer.blockedAt)}: cannot sign in or place orders.
              </Alert>
            ) : null}
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}
            >
              <Field label="Signed up">{formatDate(customer.createdAt)}</Field>
              <Field label="Orders">{customer.orderCount}</Field>
              <Field label="Total paid">{formatUsd(customer.totalPaid)}</Field>
              <Field label="Open tickets">{customer.openTickets}</Field>
            </Box>

            <ActivitySection
              title="Orders"
              empty="No orders yet."
              items={detail.orders.map((order) => ({
                id: order.id,
                title: `${order.product.name} × ${order.quantity}`,
                date: order.createdAt,
                trailing: (
                  <>
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {formatUsd(order.totalPrice)}
                    </Typography>
                    <Chip
                      size="small"
                      label={ORDER_STATUS_LABELS[order.status]}
                      color={ORDER_STATUS_COLOURS[order.status]}
                      variant="outlined"
                    />
                  </>
                ),
              }))}
            />
            <ActivitySection
              title="Tickets"
              empty="No tickets."
              items={detail.tickets.map((ticket) => ({
                id: ticket.id,
                title: ticket.title,
                date: ticket.createdAt,
                trailing: <Chip size="small" label={ticketStatusLabel(ticket.status)} variant="outlined" />,
              }))}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {customer?.isAdmin ? (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {CUSTOMER_MESSAGES.cannotBlockAdmin}
          </Typography>
        ) : null}
        {customer && detail?.customer.hasSecondFactor ? (
          <Button startIcon={<KeyOffIcon aria-hidden />} onClick={() => setConfirmingReset(true)}>
            Clear sign-in methods
          </Button>
        ) : null}
        {customer && !customer.isAdmin ? (
          customer.blocked ? (
            <Button startIcon={<LockOpenIcon aria-hidden />} onClick={() => void apply(false)} disabled={saving}>
              {saving ? 'Unblocking...' : 'Unblock'}
            </Button>
          ) : (
            <Button color="error" startIcon={<BlockIcon aria-hidden />} onClick={() => setConfirming(true)}>
              Block
            </Button>
          )
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="block-customer-title"
        // The dialog focuses itself as it opens (autoFocus would be overridden): Cancel takes it once shown, so
        // Enter never blocks anyone by accident.
        slotProps={{ transition: { onEntered: () => cancelButton.current?.focus() } }}
      >
        <DialogTitle id="block-customer-title">Block {name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            They are signed out everywhere at once, cannot sign in or place orders, and their open pages stop updating.
            Their orders and tickets stay as they are. You can unblock them later.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button ref={cancelButton} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void apply(true)} disabled={saving}>
            {saving ? 'Blocking...' : 'Block customer'}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirmingReset}
        onClose={() => setConfirmingReset(false)}
        aria-labelledby="reset-factors-title"
        slotProps={{ transition: { onEntered: () => cancelResetButton.current?.focus() } }}
      >
        <DialogTitle id="reset-factors-title">Clear {name}'s sign-in methods?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Their authenticator app, recovery codes and passkeys are removed, they are signed out everywhere, and they
            are e-mailed. They then sign in with their password alone. Do this only for the account's owner, once you
            are sure it is them (for example, they wrote from the account's address and cannot sign in).
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button ref={cancelResetButton} onClick={() => setConfirmingReset(false)}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void reset()} disabled={resetting}>
            {resetting ? 'Clearing...' : 'Clear sign-in methods'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
