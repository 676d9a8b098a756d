import { useQuery } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { graphql } from '../../../gql/admin';
import { AdminList } from '../list/AdminList';
import { ListSearchField, useDebounced } from '../list/ListSearchField';
import { useAdminList } from '../list/useAdminList';
import { CustomerDialog } from './CustomerDialog';
import { CustomerList } from './CustomerList';

/** Customers per page ("Load more" fetches the next page with the API's cursor). */
const CUSTOMERS_PAGE_SIZE = 20;
const FETCH_FAILED = 'Failed to fetch customers';

const AdminCustomersQuery = graphql(/* GraphQL */ `
  query AdminCustomers($search: String, $first: Int, $after: String) {
    adminCustomers(search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          createdAt
          ...AdminCustomerRow_customer
        }
      }
    }
  }
`);

/**
 * The Customers tab: everyone who signed up, newest first, searched by a part of their name or e-mail, with their
 * orders, total paid and open tickets; a customer's view shows their orders and tickets and blocks or unblocks them.
 */
export function CustomersTab() {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const query = useQuery(AdminCustomersQuery, {
    variables: { search: search || null, first: CUSTOMERS_PAGE_SIZE },
  });
  const list = useAdminList(query, { rows: (data) => data.adminCustomers, failure: FETCH_FAILED });
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Stack spacing={2} data-testid="admin-customers">
      <AdminList
        list={list}
        noun="customer"
        loadingLabel="Loading customers..."
        empty={
          search
            ? { title: 'No customer matches this search', hint: 'Try a part of their name or e-mail.' }
            : { title: 'No customers yet', hint: 'Customers appear here as they sign up.' }
        }
        toolbar={
          <ListSearchField label="Search customers" placeholder="Name or e-mail" value={typed} onChange={setTyped} />
        }
        renderRows={(rows) => <CustomerList customers={rows} onOpen={setOpenId} />}
      />
      <CustomerDialog userId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
