import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../../../common/pricing';
import { formatDate } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminCustomerRow_CustomerFragment } from '../../../gql/admin/graphql';
import { AdminRows, type RowDescription } from '../list/AdminRows';

export const AdminCustomerRowFragment = graphql(/* GraphQL */ `
  fragment AdminCustomerRow_customer on Customer {
    id
    fullName
    email
    createdAt
    orderCount
    totalPaid
    openTickets
    blocked
    blockedAt
    isAdmin
    emailVerified
  }
`);

type Row = AdminCustomerRow_CustomerFragment;

interface CustomerListProps {
  customers: readonly FragmentType<typeof AdminCustomerRowFragment>[];
  onOpen: (id: string) => void;
}

/** The customers: a table on wide screens, one card per customer on phones and tablets (as the order queue). */
export function CustomerList({ customers, onOpen }: CustomerListProps) {
  const rows = customers.map((c) => getFragmentData(AdminCustomerRowFragment, c));
  return <AdminRows description={customerRows(onOpen)} rows={rows} />;
}

/**
 * "Staff", "Blocked" and "E-mail not confirmed" marks next to a name. `isAdmin` means any staff role (a customer
 * account of a staff member), so the mark says Staff: the role itself is on the Staff tab.
 */
export function CustomerMarks({ customer }: { customer: Pick<Row, 'blocked' | 'isAdmin' | 'emailVerified'> }) {
  return (
    <>
      {customer.isAdmin ? <Chip size="small" label="Staff" color="info" variant="outlined" /> : null}
      {customer.blocked ? <Chip size="small" label="Blocked" color="error" /> : null}
      {/* Shown, never enforced: an unconfirmed account shops and gets its keys (docs/decisions.md "Accounts and sessions"). */}
      {customer.emailVerified ? null : (
        <Chip
          size="small"
          label="E-mail not confirmed"
          variant="outlined"
          sx={{ color: 'text.secondary', fontWeight: 400 }}
        />
      )}
    </>
  );
}

function displayName(row: Row): string {
  return row.fullName || row.email;
}

function OpenButton({ row, onOpen }: { row: Row; onOpen: (id: string) => void }) {
  return (
    <Button size="small" onClick={() => onOpen(row.id)} aria-label={`View ${displayName(row)}`}>
      View
    </Button>
  );
}

/** The list's columns and cards, described once. */
function customerRows(onOpen: (id: string) => void): RowDescription<Row> {
  return {
    label: 'Customers',
    rowTestId: 'admin-customer',
    key: (row) => row.id,
    columns: [
      {
        header: 'Customer',
        sx: { maxWidth: 360 },
        cell: (row) => (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.fullName || '—'}
              </Typography>
              <CustomerMarks customer={row} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Typography>
          </>
        ),
        card: false,
      },
      { header: 'Signed up', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDate(row.createdAt) },
      { header: 'Orders', align: 'right', cell: (row) => row.orderCount },
      { header: 'Total paid', align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatUsd(row.totalPaid) },
      { header: 'Open tickets', align: 'right', cell: (row) => row.openTickets },
      {
        header: 'View',
        hiddenHeader: true,
        align: 'right',
        cell: (row) => <OpenButton row={row} onOpen={onOpen} />,
        card: { as: 'actions' },
      },
    ],
    card: {
      title: (row) => (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {displayName(row)}
            </Typography>
            <CustomerMarks customer={row} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Typography>
        </>
      ),
    },
  };
}
