import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { STAFF_ROLE_LABELS, isStaffRole } from '../../../../../common/staff';
import type { FieldError } from '../../../../../common/validation';
import { session } from '../../../auth/session';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../format/date';
import { getFragmentData } from '../../../gql/admin';
import type { AdminAuditEntry_EntryFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import type { AdminTabContext } from '../adminTabs';
import { AdminList } from '../list/AdminList';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { useDebounced } from '../list/ListSearchField';
import { useAdminList } from '../list/useAdminList';
import { apiRange } from '../overview/salesRange';
import { AdminAuditEntryFragment, AdminAuditLogQuery } from './auditLogQueries';

type Entry = AdminAuditEntry_EntryFragment;

/** Entries per page ("Load more" fetches the next page with the API's cursor). */
const AUDIT_PAGE_SIZE = 25;
/** The CSV route (server/src/audit/audit-csv.route.ts): it takes the same filters as adminAuditLog. */
const CSV_PATH = '/admin/audit-log.csv';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const TEXTS = {
  fetchFailed: 'Failed to fetch the audit log',
  downloadFailed: 'Failed to download the audit log',
  rangeBackwards: 'The last day is before the first',
};

/** The filters as the address holds them (?actor=…&action=…&from=YYYY-MM-DD&to=YYYY-MM-DD). */
interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

function filtersOf(params: URLSearchParams): AuditFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return { actor: params.get('actor') ?? '', action: params.get('action') ?? '', from: day('from'), to: day('to') };
}

/** The API's arguments for the filters: whole UTC days, the last one included ([from, to) as the API reads it). */
function apiFilters(filters: AuditFilters) {
  const from = filters.from ? apiRange(filters.from, filters.from).from : null;
  const to = filters.to ? apiRange(filters.to, filters.to).to : null;
  return { actor: filters.actor.trim() || null, action: filters.action.trim() || null, from, to };
}

/** The CSV's address with the filters on screen. */
function csvHref(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(apiFilters(filters))) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${CSV_PATH}?${search}` : CSV_PATH;
}

/**
 * The Audit log tab (STAFF; docs/staff-and-permissions.md "Audit log"): every staff and API-key action, newest first,
 * filtered by actor (part of an e-mail or a key's name), action (an operation's name) and days (UTC). The filters live
 * in the address, so a reload or a shared link keeps them, and "Download CSV" exports what the filters select.
 */
export function AuditLogTab({ params, update }: AdminTabContext) {
  const filters = filtersOf(params);
  const [actor, setActor] = useState(filters.actor);
  const [action, setAction] = useState(filters.action);
  const typedActor = useDebounced(actor.trim());
  const typedAction = useDebounced(action.trim());
  const backwards = !!filters.from && !!filters.to && filters.from > filters.to;

  // The typed text reaches the address (and the query) once typing pauses.
  useEffect(() => {
    if (typedActor !== filters.actor || typedAction !== filters.action)
      update({ actor: typedActor || null, action: typedAction || null });
    // Only the typed text decides; the address follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedActor, typedAction]);

  const query = useQuery(AdminAuditLogQuery, {
    variables: { ...apiFilters(filters), first: AUDIT_PAGE_SIZE },
    skip: backwards,
  });
  const fieldErrors = CombinedGraphQLErrors.is(query.error)
    ? ((query.error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
    : [];
  const fieldError = (field: string) => fieldErrors.find((f) => f.field === field)?.message;
  // A refused filter is told under its field, not in a toast as well.
  const list = useAdminList(
    { ...query, error: fieldErrors.length > 0 ? undefined : query.error },
    { rows: (data) => data.adminAuditLog, failure: TEXTS.fetchFailed },
  );
  const filtered = !!(filters.actor || filters.action || filters.from || filters.to);

  return (
    <Stack spacing={2} data-testid="admin-audit-log">
      <Typography variant="body2" color="text.secondary">
        Every action of the staff and of API keys, with who, from where and what changed. Entries cannot be edited or
        deleted.
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1fr 1fr auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          type="search"
          label="Actor"
          placeholder="E-mail or key name"
          size="small"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          error={!!fieldError('actor')}
          helperText={fieldError('actor') ?? ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          type="search"
          label="Action"
          placeholder="e.g. setOrderStatus"
          size="small"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          error={!!fieldError('action')}
          helperText={fieldError('action') ?? ' '}
          slotProps={{ htmlInput: { maxLength: 100, spellCheck: false, autoCapitalize: 'none' } }}
        />
        <TextField
          type="date"
          label="First day (UTC)"
          size="small"
          value={filters.from}
          onChange={(event) => update({ from: event.target.value || null })}
          error={!!fieldError('from')}
          helperText={fieldError('from') ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="Last day (UTC)"
          size="small"
          value={filters.to}
          onChange={(event) => update({ to: event.target.value || null })}
          error={backwards || !!fieldError('to')}
          helperText={backwards ? TEXTS.rangeBackwards : (fieldError('to') ?? ' ')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <CsvDownload filters={filters} disabled={backwards} />
      </Box>
      {backwards ? (
        <Alert severity="info">Choose a last day on or after the first.</Alert>
      ) : fieldErrors.length > 0 ? null : (
        <AdminList
          list={list}
          summary={({ rows, total }) => `Showing ${rows.length} of ${total} ${total === 1 ? 'entry' : 'entries'}`}
          loadingLabel="Loading the audit log..."
          empty={
            filtered
              ? { title: 'No entry matches these filters', hint: 'Widen the dates or clear a filter.' }
              : { title: 'No actions yet', hint: 'Staff and API-key actions appear here as they happen.' }
          }
          renderRows={(rows) => (
            <AdminRows
              description={entryRows}
              rows={rows.map((row) => getFragmentData(AdminAuditEntryFragment, row))}
            />
          )}
        />
      )}
    </Stack>
  );
}

/**
 * "Download CSV": a link to the filtered CSV, fetched with the session's token (the route takes
 * `Authorization: Bearer`, never a cookie, so a link on another site cannot export the log) and saved as a file.
 */
function CsvDownload({ filters, disabled }: { filters: AuditFilters; disabled: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const href = csvHref(filters);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const token = await session.getToken();
      const response = await fetch(href, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? ADMIN_TEXTS.tryAgain);
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit-log.csv';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toast({
        title: TEXTS.downloadFailed,
        description: error instanceof Error && error.message ? error.message : ADMIN_TEXTS.tryAgain,
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      component="a"
      href={href}
      download
      variant="outlined"
      startIcon={<DownloadIcon aria-hidden />}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => void download(event)}
      disabled={disabled || busy}
      sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
    >
      {busy ? 'Preparing...' : 'Download CSV'}
    </Button>
  );
}

/** "Owner", or "API key: Accounting export (Owner)" for an action through a key. */
function actingAs(row: Entry): string {
  const role = row.actorRole && isStaffRole(row.actorRole) ? STAFF_ROLE_LABELS[row.actorRole] : row.actorRole;
  if (row.apiKeyName) return role ? `API key: ${row.apiKeyName} (${role})` : `API key: ${row.apiKeyName}`;
  return role ?? '';
}

function Change({ row }: { row: Entry }) {
  if (!row.change) return null;
  return (
    <Box
      component="code"
      sx={{
        display: 'block',
        fontFamily: MONOSPACE_FONT,
        fontSize: '0.8rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxHeight: 160,
        overflowY: 'auto',
      }}
    >
      {row.change}
    </Box>
  );
}

const entryRows: RowDescription<Entry> = {
  label: 'Audit log',
  rowTestId: 'audit-entry',
  key: (row) => row.id,
  columns: [
    { header: 'When', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDateTime(row.at), card: false },
    {
      header: 'Who',
      sx: { overflowWrap: 'anywhere', maxWidth: 240 },
      cell: (row) => row.actorEmail ?? row.actorId ?? '',
    },
    { header: 'Role or key', sx: { maxWidth: 200 }, cell: actingAs },
    {
      header: 'Action',
      cell: (row) => (
        <Box component="span" sx={{ fontFamily: MONOSPACE_FONT }}>
          {row.action}
        </Box>
      ),
      card: false,
    },
    {
      header: 'Record',
      sx: { fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere', maxWidth: 180 },
      cell: (row) => row.targetId ?? '—',
    },
    { header: 'IP', sx: { whiteSpace: 'nowrap' }, cell: (row) => row.ip ?? '—' },
    {
      header: 'Change',
      sx: { minWidth: 240, maxWidth: 420 },
      cell: (row) => <Change row={row} />,
      card: { wide: true },
    },
  ],
  card: {
    label: (row) => `${row.action} at ${formatDateTime(row.at)}`,
    title: (row) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
          {row.action}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(row.at)}
        </Typography>
      </Box>
    ),
  },
};
