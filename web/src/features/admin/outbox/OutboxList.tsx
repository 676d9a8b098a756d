import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortOrderId } from '../../../../../common/order-lifecycle';
import { formatDate, formatDateTime, formatTime } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminNotificationRow_NotificationFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_STATUS } from './outboxLabels';

export const AdminNotificationRowFragment = graphql(/* GraphQL */ `
  fragment AdminNotificationRow_notification on Notification {
    id
    kind
    to
    subject
    status
    attempts
    lastError
    createdAt
    sentAt
    orderId
  }
`);

type Row = AdminNotificationRow_NotificationFragment;

interface OutboxListProps {
  notifications: readonly FragmentType<typeof AdminNotificationRowFragment>[];
  /** Ids of messages whose resend is on its way to the server. */
  resending: ReadonlySet<string>;
  onPreview: (id: string) => void;
  onResend: (id: string, to: string) => void;
}

/** The outbox: a table on wide screens, one card per message on phones and tablets (as the order queue). */
export function OutboxList({ notifications, ...actions }: OutboxListProps) {
  const rows = notifications.map((n) => getFragmentData(AdminNotificationRowFragment, n));
  return <AdminRows description={outboxRows(actions)} rows={rows} />;
}

type Actions = Omit<OutboxListProps, 'notifications'>;

const mono = { fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem' };
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function StatusChip({ status }: { status: Row['status'] }) {
  const { label, colour } = NOTIFICATION_STATUS[status];
  return <Chip size="small" label={label} color={colour} variant={colour === 'default' ? 'outlined' : 'filled'} />;
}

function attemptsText(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** The last error, or when it went out; nothing for a message still waiting for its first attempt. */
function Outcome({ row }: { row: Row }) {
  if (row.lastError) {
    return (
      <Typography
        variant="body2"
        color={row.status === 'FAILED' ? 'error' : 'text.secondary'}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {row.lastError}
      </Typography>
    );
  }
  if (row.sentAt) {
    return (
      <Typography variant="body2" color="text.secondary">
        Sent {formatDateTime(row.sentAt)}
      </Typography>
    );
  }
  return null;
}

function RowActions({ row, resending, onPreview, onResend }: { row: Row } & Actions) {
  const busy = resending.has(row.id);
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityOutlinedIcon aria-hidden />}
        onClick={() => onPreview(row.id)}
        aria-label={`Preview the message "${row.subject}" to ${row.to}`}
      >
        Preview
      </Button>
      <Button
        size="small"
        startIcon={<ReplayIcon aria-hidden />}
        onClick={() => onResend(row.id, row.to)}
        disabled={busy}
        aria-label={`Resend the message "${row.subject}" to ${row.to}`}
      >
        {busy ? 'Resending...' : 'Resend'}
      </Button>
    </>
  );
}

/** The list's columns and cards, described once. */
function outboxRows(actions: Actions): RowDescription<Row> {
  return {
    label: 'Outbox',
    rowTestId: 'outbox-message',
    key: (row) => row.id,
    columns: [
      {
        header: 'Created',
        sx: { whiteSpace: 'nowrap' },
        cell: (row) => (
          <>
            <Typography variant="body2">{formatDate(row.createdAt)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatTime(row.createdAt)}
            </Typography>
          </>
        ),
        card: false,
      },
      {
        header: 'To',
        sx: { maxWidth: 240 },
        cell: (row) => (
          <Typography variant="body2" sx={ellipsis} title={row.to}>
            {row.to}
          </Typography>
        ),
        card: { wide: true, value: (row) => row.to },
      },
      {
        header: 'Message',
        sx: { minWidth: 220, maxWidth: 380 },
        cell: (row) => (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {NOTIFICATION_KIND_LABELS[row.kind]}
              {row.orderId ? (
                <>
                  {' · Order '}
                  <Box component="span" sx={mono}>
                    {shortOrderId(row.orderId)}
                  </Box>
                </>
              ) : null}
            </Typography>
          </>
        ),
        card: false,
      },
      { header: 'Kind', card: { value: (row) => NOTIFICATION_KIND_LABELS[row.kind] } },
      { header: 'Attempts', card: { value: (row) => row.attempts } },
      {
        header: 'Order',
        card: {
          value: (row) =>
            row.orderId ? (
              <Box component="span" sx={mono}>
                {shortOrderId(row.orderId)}
              </Box>
            ) : null,
        },
      },
      {
        header: 'Status',
        sx: { whiteSpace: 'nowrap' },
        cell: (row) => (
          <>
            <StatusChip status={row.status} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {attemptsText(row.attempts)}
            </Typography>
          </>
        ),
        card: false,
      },
      {
        header: 'Last error / sent',
        sx: { minWidth: 160, maxWidth: 300 },
        cell: (row) => <Outcome row={row} />,
        card: false,
      },
      { header: 'Last error', card: { wide: true, value: (row) => row.lastError || null } },
      { header: 'Sent', card: { value: (row) => (!row.lastError && row.sentAt ? formatDateTime(row.sentAt) : null) } },
      {
        header: 'Preview and resend',
        hiddenHeader: true,
        cell: (row) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <RowActions row={row} {...actions} />
          </Stack>
        ),
        card: { as: 'actions', value: (row) => <RowActions row={row} {...actions} /> },
      },
    ],
    card: {
      label: (row) => `Message ${row.subject}`,
      title: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(row.createdAt)}
          </Typography>
        </>
      ),
      aside: (row) => <StatusChip status={row.status} />,
    },
  };
}
