import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { shortOrderId } from '../../../../../common/order-lifecycle';
import { formatDate, formatDateTime, formatTime } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminNotificationRow_NotificationFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { Field } from '../orders/OrdersList';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_STATUS } from './outboxLabels';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';

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
  notifications: FragmentType<typeof AdminNotificationRowFragment>[];
  /** Ids of messages whose resend is on its way to the server. */
  resending: ReadonlySet<string>;
  onPreview: (id: string) => void;
  onResend: (id: string, to: string) => void;
}

/** The outbox: a table on wide screens, one card per message on phones and tablets (as the order queue). */
export function OutboxList(props: OutboxListProps) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const rows = props.notifications.map((n) => getFragmentData(AdminNotificationRowFragment, n));
  return asCards ? <OutboxCards {...props} rows={rows} /> : <OutboxTable {...props} rows={rows} />;
}

interface ViewProps extends Omit<OutboxListProps, 'notifications'> {
  rows: readonly Row[];
}

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

function Actions({ row, resending, onPreview, onResend }: { row: Row } & Omit<ViewProps, 'rows'>) {
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

function OutboxTable({ rows, ...actions }: ViewProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Outbox" sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell>Created</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Message</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Last error / sent</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Preview and resend
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid="outbox-message">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">{formatDate(row.createdAt)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatTime(row.createdAt)}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                <Typography variant="body2" sx={ellipsis} title={row.to}>
                  {row.to}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 220, maxWidth: 380 }}>
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
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StatusChip status={row.status} />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  {attemptsText(row.attempts)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 160, maxWidth: 300 }}>
                <Outcome row={row} />
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Actions row={row} {...actions} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OutboxCards({ rows, ...actions }: ViewProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {rows.map((row) => (
        <Card key={row.id} component="article" data-testid="outbox-message" aria-label={`Message ${row.subject}`}>
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.subject}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(row.createdAt)}
                </Typography>
              </Box>
              <StatusChip status={row.status} />
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, my: 1.5 }}>
              <Field label="To" wide>
                {row.to}
              </Field>
              <Field label="Kind">{NOTIFICATION_KIND_LABELS[row.kind]}</Field>
              <Field label="Attempts">{row.attempts}</Field>
              {row.orderId ? (
                <Field label="Order">
                  <Box component="span" sx={mono}>
                    {shortOrderId(row.orderId)}
                  </Box>
                </Field>
              ) : null}
              {row.lastError ? (
                <Field label="Last error" wide>
                  {row.lastError}
                </Field>
              ) : row.sentAt ? (
                <Field label="Sent">{formatDateTime(row.sentAt)}</Field>
              ) : null}
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Actions row={row} {...actions} />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
