import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { formatDate, formatDateTime, formatTime } from '../../../format/date';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { AdminWebhookDeliveryRow_DeliveryFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { Field } from '../list/AdminRows';
import { DELIVERY_STATUS } from './webhookLabels';
import { AdminWebhookDeliveryRowFragment } from './webhookQueries';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';

type Delivery = AdminWebhookDeliveryRow_DeliveryFragment;

interface WebhookDeliveriesListProps {
  deliveries: FragmentType<typeof AdminWebhookDeliveryRowFragment>[];
  /** Ids of deliveries whose redelivery is on its way to the server. */
  redelivering: ReadonlySet<string>;
  onRedeliver: (deliveryId: string, eventType: string) => void;
}

/** An endpoint's delivery log: a table on wide screens, one block per delivery on phones and tablets. */
export function WebhookDeliveriesList(props: WebhookDeliveriesListProps) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const rows = props.deliveries.map((d) => getFragmentData(AdminWebhookDeliveryRowFragment, d));
  if (rows.length === 0) {
    return (
      <Box sx={{ px: 2, py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">
          No deliveries yet. The events this endpoint receives appear here as they happen.
        </Typography>
      </Box>
    );
  }
  return asCards ? <DeliveryCards {...props} rows={rows} /> : <DeliveryTable {...props} rows={rows} />;
}

interface ViewProps extends Omit<WebhookDeliveriesListProps, 'deliveries'> {
  rows: readonly Delivery[];
}

const mono = { fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem' };

export function DeliveryStatusChip({ status }: { status: Delivery['status'] }) {
  const { label, colour } = DELIVERY_STATUS[status];
  return <Chip size="small" label={label} color={colour} />;
}

function attemptsText(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** "200 · 84 ms", "No response · 10003 ms", or nothing before the first attempt. */
function lastAttemptText(row: Delivery): string | null {
  if (row.attempts === 0 || row.lastDurationMs === null) return null;
  const code = row.lastStatusCode === null ? 'No response' : `HTTP ${row.lastStatusCode}`;
  return `${code} · ${row.lastDurationMs.toLocaleString('en-US')} ms`;
}

/** When it was delivered, or when the next attempt is due. */
function timingText(row: Delivery): string | null {
  if (row.status === 'SUCCEEDED' && row.deliveredAt) return `Delivered ${formatDateTime(row.deliveredAt)}`;
  if (row.status === 'PENDING' && row.nextAttemptAt) return `Next attempt ${formatDateTime(row.nextAttemptAt)}`;
  if (row.status === 'FAILED') return 'No more attempts';
  return null;
}

/** The start of the answer (or why there was none), on one line; the full text is its title. */
function ResponseText({ row, lines }: { row: Delivery; lines: number }) {
  const text = row.lastError ?? row.lastResponse;
  if (!text) {
    return (
      <Typography variant="body2" color="text.secondary">
        {row.attempts === 0 ? 'Not sent yet' : 'Empty response'}
      </Typography>
    );
  }
  return (
    <Typography
      title={text}
      sx={{
        ...mono,
        color: row.lastError ? 'error.main' : 'text.primary',
        overflowWrap: 'anywhere',
        display: '-webkit-box',
        WebkitLineClamp: lines,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {text}
    </Typography>
  );
}

function RedeliverButton({ row, redelivering, onRedeliver }: { row: Delivery } & Omit<ViewProps, 'rows'>) {
  const busy = redelivering.has(row.id);
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon aria-hidden />}
      onClick={() => onRedeliver(row.id, row.eventType)}
      disabled={busy}
      aria-label={`Redeliver ${row.eventType} event ${row.eventId.slice(0, 8)}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {busy ? 'Redelivering...' : 'Redeliver'}
    </Button>
  );
}

function DeliveryTable({ rows, ...actions }: ViewProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Deliveries"
        sx={{
          // Fixed columns, so the logs of all endpoints line up one under another.
          tableLayout: 'fixed',
          minWidth: 900,
          ...ADMIN_TABLE_SX,
        }}
      >
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell sx={{ width: 230 }}>Event</TableCell>
            <TableCell sx={{ width: 120 }}>Status</TableCell>
            <TableCell sx={{ width: 270 }}>Last attempt</TableCell>
            <TableCell>Response</TableCell>
            <TableCell sx={{ width: 140 }}>
              <Box component="span" sx={visuallyHidden}>
                Redeliver
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid="webhook-delivery">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography sx={{ ...mono, fontWeight: 700 }}>{row.eventType}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(row.createdAt)}, {formatTime(row.createdAt)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={mono} title={row.eventId}>
                  Event {row.eventId.slice(0, 8)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DeliveryStatusChip status={row.status} />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  {attemptsText(row.attempts)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">{lastAttemptText(row) ?? '—'}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {timingText(row)}
                </Typography>
              </TableCell>
              <TableCell>
                <ResponseText row={row} lines={2} />
              </TableCell>
              <TableCell>
                <RedeliverButton row={row} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DeliveryCards({ rows, ...actions }: ViewProps) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Deliveries">
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-testid="webhook-delivery"
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ ...mono, fontWeight: 700, overflowWrap: 'anywhere' }}>{row.eventType}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(row.createdAt)}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={mono} title={row.eventId}>
                Event {row.eventId.slice(0, 8)}
              </Typography>
            </Box>
            <DeliveryStatusChip status={row.status} />
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, my: 1 }}>
            <Field label="Attempts">{row.attempts}</Field>
            <Field label="Last attempt">{lastAttemptText(row) ?? '—'}</Field>
            {timingText(row) ? (
              <Field label="Timing" wide>
                {timingText(row)}
              </Field>
            ) : null}
            <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                {row.lastError ? 'Error' : 'Response'}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <ResponseText row={row} lines={3} />
              </Box>
            </Box>
          </Box>
          <RedeliverButton row={row} {...actions} />
        </Box>
      ))}
    </Stack>
  );
}
