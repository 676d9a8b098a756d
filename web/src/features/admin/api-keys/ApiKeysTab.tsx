import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { PermissionName } from '../../../../../common/staff';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../format/date';
import { getFragmentData } from '../../../gql/admin';
import type { AdminApiKey_KeyFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { failureToast } from '../admin-toasts';
import { useGrantedPermissions } from '../adminAccess';
import { AdminList } from '../list/AdminList';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { useAdminList } from '../list/useAdminList';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { AdminApiKeyFragment, AdminApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation } from './apiKeyQueries';

type Key = AdminApiKey_KeyFragment;

const TEXTS = {
  fetchFailed: 'Failed to fetch the API keys',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke the key',
};

/**
 * The API keys tab (STAFF; docs/staff-and-permissions.md "API keys"): every key, newest first, revoked ones kept so the
 * audit log still names them; New API key (its secret shown once) and Revoke with a confirmation. Creating and revoking
 * are sensitive actions: a stale second-factor check opens the step-up dialog, after which the admin repeats them.
 */
export function ApiKeysTab() {
  const query = useQuery(AdminApiKeysQuery);
  const list = useAdminList(query, { rows: (data) => data.apiKeys, failure: TEXTS.fetchFailed });
  const granted = useGrantedPermissions();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<Key | null>(null);
  const [createKey, { loading: saving }] = useMutation(CreateApiKeyMutation);
  const [revokeKey, { loading: revoking }] = useMutation(RevokeApiKeyMutation);

  const create = async (name: string, permissions: PermissionName[]) => {
    const { data } = await createKey({ variables: { name, permissions } });
    // The list follows in the background: the secret is shown whatever the refetch does.
    void query.refetch().catch(() => undefined);
    return data?.createApiKey.secret ?? null;
  };

  const revoke = async (key: Key) => {
    try {
      await revokeKey({ variables: { id: key.id } });
      // Revoked whatever the refetch does; the list shows it once the refetch answers.
      void query.refetch().catch(() => undefined);
      setToRevoke(null);
      toast({ title: TEXTS.revoked, description: `${key.name} (${key.prefix}…)`, severity: 'success' });
    } catch (error) {
      // A stale second-factor check also lands here (the step-up dialog opens): the confirmation stays for the retry.
      toast(failureToast(TEXTS.revokeFailed, error));
    }
  };

  return (
    <Stack spacing={2} data-testid="admin-api-keys">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          Integrations act through API keys, each with its own permissions (never more than its creator&apos;s role).
          Revoking one stops it on its next request.
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon aria-hidden />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0 }}
        >
          New API key
        </Button>
      </Stack>
      <AdminList
        list={list}
        loadingLabel="Loading the API keys..."
        empty={{ title: 'No API keys yet', hint: 'Create one for each integration, so each can be revoked alone.' }}
        summary={({ total }) => (total === 1 ? '1 key' : `${total} keys`)}
        renderRows={(rows) => (
          <AdminRows
            description={keyRows(setToRevoke)}
            rows={rows.map((row) => getFragmentData(AdminApiKeyFragment, row))}
          />
        )}
      />
      <CreateApiKeyDialog
        open={creating}
        granted={granted}
        creating={saving}
        onCreate={create}
        onClose={() => setCreating(false)}
      />
      <RevokeApiKeyDialog
        apiKey={toRevoke}
        revoking={revoking}
        onConfirm={(key) => void revoke(key)}
        onClose={() => setToRevoke(null)}
      />
    </Stack>
  );
}

function RevokeApiKeyDialog({
  apiKey,
  revoking,
  onConfirm,
  onClose,
}: {
  apiKey: Key | null;
  revoking: boolean;
  onConfirm: (key: Key) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!apiKey} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="revoke-api-key-title">
      <DialogTitle id="revoke-api-key-title">Revoke this API key?</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
            {apiKey?.name}
          </Box>{' '}
          (<Box component="span" sx={{ fontFamily: MONOSPACE_FONT }}>{`${apiKey?.prefix ?? ''}…`}</Box>) stops working
          on its next request, on every server. This cannot be undone: the integration needs a new key.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={revoking}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => apiKey && onConfirm(apiKey)} disabled={revoking}>
          {revoking ? 'Revoking...' : 'Revoke key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StatusChip({ row }: { row: Key }) {
  return row.revokedAt ? (
    <Chip size="small" variant="outlined" label="Revoked" />
  ) : (
    <Chip size="small" variant="outlined" color="success" label="Active" />
  );
}

function Permissions({ row }: { row: Key }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {row.permissions.map((permission) => (
        <Chip key={permission} size="small" label={permission} sx={{ fontFamily: MONOSPACE_FONT }} />
      ))}
    </Stack>
  );
}

function Name({ row }: { row: Key }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: MONOSPACE_FONT }}>
        {row.prefix}…
      </Typography>
    </Box>
  );
}

function keyRows(onRevoke: (key: Key) => void): RowDescription<Key> {
  return {
    label: 'API keys',
    rowTestId: 'api-key',
    key: (row) => row.id,
    columns: [
      { header: 'Name', sx: { minWidth: 180, maxWidth: 320 }, cell: (row) => <Name row={row} />, card: false },
      { header: 'Permissions', sx: { maxWidth: 320 }, cell: (row) => <Permissions row={row} />, card: { wide: true } },
      {
        header: 'Created by',
        sx: { overflowWrap: 'anywhere' },
        cell: (row) => (
          <>
            {row.createdByEmail ?? 'A removed account'}
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(row.createdAt)}
            </Typography>
          </>
        ),
      },
      {
        header: 'Last used',
        sx: { whiteSpace: 'nowrap' },
        cell: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : 'Never'),
      },
      {
        header: 'Status',
        cell: (row) => (
          <>
            <StatusChip row={row} />
            {row.revokedAt ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
                {formatDateTime(row.revokedAt)}
              </Typography>
            ) : null}
          </>
        ),
        // The card's aside shows the chip; the date is a field of its own there.
        card: { label: 'Revoked', value: (row) => (row.revokedAt ? formatDateTime(row.revokedAt) : null) },
      },
      {
        header: 'Revoke',
        hiddenHeader: true,
        align: 'right',
        cell: (row) =>
          row.revokedAt ? null : (
            <Button size="small" color="error" onClick={() => onRevoke(row)} aria-label={`Revoke ${row.name}`}>
              Revoke
            </Button>
          ),
        card: { as: 'actions' },
      },
    ],
    card: {
      label: (row) => `API key ${row.name}`,
      title: (row) => <Name row={row} />,
      aside: (row) => <StatusChip row={row} />,
    },
  };
}
