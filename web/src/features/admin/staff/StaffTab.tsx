import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, STAFF_ROLES, type StaffRoleName } from '../../../../../common/staff';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../format/date';
import { getFragmentData } from '../../../gql/admin';
import type { AdminStaffMember_MemberFragment } from '../../../gql/admin/graphql';
import { failureToast } from '../admin-toasts';
import { AdminList } from '../list/AdminList';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { useAdminList } from '../list/useAdminList';
import { AdminStaffMemberFragment, AdminStaffQuery, InviteStaffMutation, SetStaffRoleMutation } from './staffQueries';

type Member = AdminStaffMember_MemberFragment;

const TEXTS = {
  fetchFailed: 'Failed to fetch the staff',
  invited: 'Invitation sent',
  inviteFailed: 'Failed to send the invitation',
  roleChanged: 'Role changed',
  roleChangeFailed: 'Failed to change the role',
  removed: 'Removed from the staff',
  withdrawn: 'Invitation withdrawn',
  removeFailed: 'Failed to remove',
  tryAgain: 'Please try again.',
};

/**
 * The Staff tab (STAFF; docs/staff-and-permissions.md): who has which role and the invitations not yet accepted, an
 * invite form (an e-mailed link, accepted with an account of that address), a role picker per member and Remove.
 * The server keeps at least one owner and says so when a change would leave none.
 */
export function StaffTab() {
  const query = useQuery(AdminStaffQuery);
  const list = useAdminList(query, { rows: (data) => data.staff, failure: TEXTS.fetchFailed });
  const toast = useToast();
  const [setRole, { loading: changing }] = useMutation(SetStaffRoleMutation);

  const change = async (member: Member, role: StaffRoleName | null) => {
    try {
      await setRole({ variables: { id: member.id, role } });
      if (role === null) await query.refetch();
      toast({
        title: role ? TEXTS.roleChanged : member.status === 'INVITED' ? TEXTS.withdrawn : TEXTS.removed,
        description: role ? `${member.email}: ${STAFF_ROLE_LABELS[role]}` : member.email,
        severity: 'success',
      });
    } catch (error) {
      toast(failureToast(role ? TEXTS.roleChangeFailed : TEXTS.removeFailed, error));
    }
  };

  return (
    <Stack spacing={2} data-testid="admin-staff">
      <Typography variant="body2" color="text.secondary">
        Each role sees only what it may use. A change applies at once, on every server, to open pages too. The store
        always keeps at least one owner.
      </Typography>
      <InviteForm onInvited={() => void query.refetch()} />
      <AdminList
        list={list}
        loadingLabel="Loading the staff..."
        empty={{ title: 'No staff yet', hint: 'Invite someone above.' }}
        toolbarRowFrom="xs"
        toolbarAlign="baseline"
        toolbar={
          <Typography component="h2" variant="h6" sx={{ pt: 1 }}>
            Staff
          </Typography>
        }
        summary={({ total }) => (total === 1 ? '1 person' : `${total} people`)}
        renderRows={(rows) => (
          <AdminRows
            description={memberRows(change, changing)}
            rows={rows.map((row) => getFragmentData(AdminStaffMemberFragment, row))}
          />
        )}
      />
    </Stack>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('SUPPORT');
  const [error, setError] = useState<{ email?: string; other?: string }>({});
  const [invite, { loading }] = useMutation(InviteStaffMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError({});
    try {
      await invite({ variables: { email: email.trim(), role } });
      toast({
        title: TEXTS.invited,
        description: `${email.trim()} as ${STAFF_ROLE_LABELS[role]}`,
        severity: 'success',
      });
      setEmail('');
      onInvited();
    } catch (caught) {
      const fieldErrors = CombinedGraphQLErrors.is(caught)
        ? ((caught.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      const onEmail = fieldErrors.find((f) => f.field === 'email')?.message;
      setError(onEmail ? { email: onEmail } : { other: errorMessage(caught, TEXTS.tryAgain) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-staff-title">
        <Typography id="invite-staff-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Invite
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={!!error.email}
            helperText={error.email ?? 'They accept with an account of this address'}
            required
            sx={{ flex: 2, minWidth: 0 }}
            slotProps={{ htmlInput: { 'data-testid': 'invite-email', autoComplete: 'off' } }}
          />
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRoleName)}
            helperText={STAFF_ROLE_SUMMARIES[role]}
            sx={{ flex: 1, minWidth: 0 }}
            slotProps={{ htmlInput: { 'data-testid': 'invite-role' } }}
          >
            {STAFF_ROLES.map((value) => (
              <MenuItem key={value} value={value}>
                {STAFF_ROLE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={loading || !email.trim()}
            startIcon={<PersonAddAlt1OutlinedIcon aria-hidden />}
            sx={{ mt: { md: 1 }, flexShrink: 0 }}
          >
            {loading ? 'Sending...' : 'Send invitation'}
          </Button>
        </Stack>
        {error.other ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error.other}
          </Alert>
        ) : null}
      </Box>
    </Paper>
  );
}

function Person({ row }: { row: Member }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.fullName || row.email}
      </Typography>
      {row.fullName ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Typography>
      ) : null}
    </Box>
  );
}

function StatusChip({ row }: { row: Member }) {
  return row.status === 'INVITED' ? (
    <Chip size="small" variant="outlined" color="warning" label="Invited" />
  ) : (
    <Chip size="small" variant="outlined" color="success" label="Active" />
  );
}

function RolePicker({ row, disabled, onChange }: { row: Member; disabled: boolean; onChange: ChangeRole }) {
  return (
    <TextField
      select
      size="small"
      value={row.role}
      disabled={disabled}
      onChange={(event) => void onChange(row, event.target.value as StaffRoleName)}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${row.email}` } }}
      sx={{ minWidth: 150 }}
    >
      {STAFF_ROLES.map((value) => (
        <MenuItem key={value} value={value}>
          {STAFF_ROLE_LABELS[value]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RemoveButton({ row, disabled, onChange }: { row: Member; disabled: boolean; onChange: ChangeRole }) {
  const [asking, setAsking] = useState(false);
  const what = row.status === 'INVITED' ? 'Withdraw' : 'Remove';
  if (!asking) {
    return (
      <Button size="small" color="error" disabled={disabled} onClick={() => setAsking(true)}>
        {what}
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <Button
        size="small"
        color="error"
        variant="contained"
        disabled={disabled}
        onClick={() => void onChange(row, null).finally(() => setAsking(false))}
        aria-label={`${what} ${row.email}`}
      >
        {what}?
      </Button>
      <Button size="small" onClick={() => setAsking(false)}>
        Keep
      </Button>
    </Stack>
  );
}

type ChangeRole = (member: Member, role: StaffRoleName | null) => Promise<void>;

function memberRows(onChange: ChangeRole, changing: boolean): RowDescription<Member> {
  return {
    label: 'Staff',
    rowTestId: 'staff-member',
    key: (row) => row.id,
    columns: [
      { header: 'Person', sx: { minWidth: 200, maxWidth: 360 }, cell: (row) => <Person row={row} />, card: false },
      { header: 'Status', cell: (row) => <StatusChip row={row} />, card: false },
      {
        header: 'Role',
        cell: (row) => <RolePicker row={row} disabled={changing} onChange={onChange} />,
        card: { as: 'actions' },
      },
      {
        header: 'Since',
        sx: { whiteSpace: 'nowrap' },
        cell: (row) =>
          row.status === 'INVITED' && row.expiresAt
            ? `Invited ${formatDateTime(row.since)}, until ${formatDateTime(row.expiresAt)}`
            : formatDateTime(row.since),
        card: { wide: true },
      },
      {
        header: 'Remove',
        hiddenHeader: true,
        align: 'right',
        cell: (row) => <RemoveButton row={row} disabled={changing} onChange={onChange} />,
        card: { as: 'actions' },
      },
    ],
    card: {
      label: (row) => `Staff member ${row.email}`,
      title: (row) => <Person row={row} />,
      aside: (row) => <StatusChip row={row} />,
    },
  };
}
