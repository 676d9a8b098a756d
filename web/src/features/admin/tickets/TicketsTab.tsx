import { useQuery, useSubscription } from '@apollo/client/react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TICKET_STATUS_LABELS } from '../../../../../common/labels';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '../../../../../common/validation';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../format/date';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { TicketStatus } from '../../../gql/admin/graphql';
import { failureToast } from '../admin-toasts';
import { AdminList } from '../list/AdminList';
import { useAdminList } from '../list/useAdminList';
import { useCatchUpOnConnect } from '../useLiveConnection';
import { ReplyDue } from './ReplyDue';
import { categoryLabel, priorityLabel, TICKET_STATUSES, TicketDialog } from './TicketDialog';
import { AdminTicketChangedSubscription, AdminTicketRowFragment, AdminTicketsQuery } from './ticketQueries';
import { ticketsChanged } from './ticketCounts';

/** Tickets per page ("Load more" fetches the next page with the API's cursor). */
const TICKETS_PAGE_SIZE = 20;
const FETCH_FAILED = 'Failed to fetch tickets';
/** Live changes that arrive together refresh the list once. */
const LIVE_REFRESH_DELAY_MS = 150;

/** The filters, kept in the address (?ticketStatus=OPEN…) so a reload or a shared link keeps them. */
const FILTERS = {
  status: { param: 'ticketStatus', label: 'Status', all: 'All statuses' },
  priority: { param: 'ticketPriority', label: 'Priority', all: 'All priorities' },
  category: { param: 'ticketCategory', label: 'Category', all: 'All categories' },
} as const;

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));
const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

function pick<T extends string>(value: string | null, options: readonly { value: T }[]): T | null {
  return options.find((o) => o.value === value)?.value ?? null;
}

/**
 * The Tickets tab: the support queue, newest activity first, filtered by status, priority and category, live (new
 * tickets and replies appear without a reload, the changed ticket moving to the top), overdue replies marked in words
 * and colour. A ticket opens in TicketDialog.
 */
export function TicketsTab() {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const status = pick(params.get(FILTERS.status.param), STATUS_OPTIONS);
  const priority = pick(params.get(FILTERS.priority.param), PRIORITY_OPTIONS);
  const category = pick(params.get(FILTERS.category.param), CATEGORY_OPTIONS);
  const openId = params.get('ticket');
  const variables = { status, priority, category, first: TICKETS_PAGE_SIZE };
  const query = useQuery(AdminTicketsQuery, { variables });
  const { refetch } = query;
  const list = useAdminList(query, { rows: (data) => data.adminTickets, failure: FETCH_FAILED });
  const overdueCount = query.data?.adminTickets.overdueCount ?? 0;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // A change anywhere refetches the first page: the normalized cache has already updated the ticket's row; the
  // refetch puts it where the order now says (the top) and brings in tickets new to this filter.
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  useSubscription(AdminTicketChangedSubscription, {
    onData: () => {
      ticketsChanged();
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void refetchRef.current().catch((failure: unknown) => toast(failureToast(FETCH_FAILED, failure)));
      }, LIVE_REFRESH_DELAY_MS);
    },
  });
  useCatchUpOnConnect(refetch);

  const filtered = !!(status || priority || category);

  return (
    <Stack spacing={2} data-testid="admin-tickets">
      <AdminList
        list={list}
        noun="ticket"
        loadingLabel="Loading tickets..."
        empty={
          filtered
            ? { title: 'No tickets match these filters', hint: 'Clear a filter to see more tickets.' }
            : { title: 'No tickets yet', hint: 'Tickets appear here as customers open them.' }
        }
        toolbarRowFrom="md"
        toolbar={(
          [
            [FILTERS.status, status, STATUS_OPTIONS],
            [FILTERS.priority, priority, PRIORITY_OPTIONS],
            [FILTERS.category, category, CATEGORY_OPTIONS],
          ] as const
        ).map(([filter, value, options]) => (
          <FilterSelect<string>
            key={filter.param}
            label={filter.label}
            all={filter.all}
            value={value}
            options={options}
            onChange={(v) => setParam(filter.param, v)}
          />
        ))}
        summaryExtra={
          overdueCount > 0 ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={`${overdueCount} overdue in the queue`}
              sx={{ fontWeight: 700 }}
            />
          ) : null
        }
        renderRows={(rows) => (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              // minmax(0, …): a row never grows past the screen to fit a long subject or chip.
              gridTemplateColumns: 'minmax(0, 1fr)',
              gap: { xs: 1.5, lg: 0 },
            }}
          >
            {rows.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} onOpen={(id) => setParam('ticket', id)} />
            ))}
          </Box>
        )}
      />

      <TicketDialog ticketId={openId} onClose={() => setParam('ticket', null)} />
    </Stack>
  );
}

function FilterSelect<T extends string>(props: {
  label: string;
  all: string;
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | null) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange((event.target.value || null) as T | null)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', md: 200 } }}
    >
      <option value="">{props.all}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** One ticket of the queue: a button that opens it; an overdue one has a red edge and says so. */
function TicketRow(props: { ticket: FragmentType<typeof AdminTicketRowFragment>; onOpen: (id: string) => void }) {
  const ticket = getFragmentData(AdminTicketRowFragment, props.ticket);
  const customer = ticket.customer?.fullName?.trim() || ticket.customer?.email || 'Unknown customer';
  return (
    <Box component="li" data-testid="admin-ticket-row" data-overdue={ticket.overdue} data-ticket-id={ticket.id}>
      <ButtonBase
        onClick={() => props.onOpen(ticket.id)}
        sx={{
          width: '100%',
          display: 'block',
          textAlign: 'left',
          p: 2,
          border: { xs: 1, lg: 0 },
          borderBottom: { lg: 1 },
          borderColor: { xs: 'divider', lg: 'divider' },
          // An inset edge, not a border: the row's borders change with the breakpoint, the mark must not.
          boxShadow: ticket.overdue ? (theme) => `inset 5px 0 0 ${theme.palette.error.main}` : 'none',
          borderRadius: { xs: 2, lg: 0 },
          bgcolor: 'background.paper',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Stack
          component="span"
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between' }}
        >
          <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}>
              {ticket.title}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {customer} · {categoryLabel(ticket.category)} · last activity {formatDateTime(ticket.lastActivityAt)}
            </Typography>
          </Box>
          <Stack
            component="span"
            direction="row"
            spacing={1}
            sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'flex-start', flexShrink: 0 }}
          >
            <Chip component="span" size="small" label={TICKET_STATUS_LABELS[ticket.status as TicketStatus]} />
            <Chip
              component="span"
              size="small"
              variant="outlined"
              label={`${priorityLabel(ticket.priority)} priority`}
            />
            <ReplyDue overdue={ticket.overdue} replyDueAt={ticket.replyDueAt} />
          </Stack>
        </Stack>
      </ButtonBase>
    </Box>
  );
}
