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
import { formatUsd } from '../../../../../common/pricing';
import { formatDate } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminCustomerRow_CustomerFragment } from '../../../gql/admin/graphql';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';
import { Field } from '../orders/OrdersList';

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
  }
`);

type Row = AdminCustomerRow_CustomerFragment;

interface CustomerListProps {
  customers: FragmentType<typeof AdminCustomerRowFragment>[];
  onOpen: (id: string) => void;
}

/** The customers: a table on wide screens, one card per customer on phones and tablets (as the order queue). */
export function CustomerList({ customers, onOpen }: CustomerListProps) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const rows = customers.map((c) => getFragmentData(AdminCustomerRowFragment, c));
  return asCards ? <CustomerCards rows={rows} onOpen={onOpen} /> : <CustomerTable rows={rows} onOpen={onOpen} />;
}

/** "Blocked" and "Admin" marks next to a name. */
export function CustomerMarks({ customer }: { customer: Pick<Row, 'blocked' | 'isAdmin'> }) {
  return (
    <>
      {customer.isAdmin ? <Chip size="small" label="Admin" color="info" variant="outlined" /> : null}
      {customer.blocked ? <Chip size="small" label="Blocked" color="error" /> : null}
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

function CustomerTable({ rows, onOpen }: { rows: readonly Row[]; onOpen: (id: string) => void }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Customers" sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell>Customer</TableCell>
            <TableCell>Signed up</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">Total paid</TableCell>
            <TableCell align="right">Open tickets</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                View
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid="admin-customer">
              <TableCell sx={{ maxWidth: 360 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.fullName || '—'}
                  </Typography>
                  <CustomerMarks customer={row} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</TableCell>
              <TableCell align="right">{row.orderCount}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatUsd(row.totalPaid)}
              </TableCell>
              <TableCell align="right">{row.openTickets}</TableCell>
              <TableCell align="right">
                <OpenButton row={row} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CustomerCards({ rows, onOpen }: { rows: readonly Row[]; onOpen: (id: string) => void }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {rows.map((row) => (
        <Card
          key={row.id}
          component="article"
          variant="outlined"
          data-testid="admin-customer"
          sx={{ borderRadius: '16px' }}
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {row.fullName || row.email}
              </Typography>
              <CustomerMarks customer={row} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
              {row.email}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0, mb: 1 }}>
              <Field label="Signed up">{formatDate(row.createdAt)}</Field>
              <Field label="Orders">{row.orderCount}</Field>
              <Field label="Total paid">{formatUsd(row.totalPaid)}</Field>
              <Field label="Open tickets">{row.openTickets}</Field>
            </Box>
            <OpenButton row={row} onOpen={onOpen} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
