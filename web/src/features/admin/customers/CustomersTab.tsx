import { useQuery } from '@apollo/client/react';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { EmptyListState, LoadMoreButton, ResponsiveListFrame, shownOfTotal } from '../ResponsiveListFrame';
import { failureToast } from '../admin-toasts';
import { CustomerDialog } from './CustomerDialog';
import { CustomerList } from './CustomerList';

/** Customers per page ("Load more" fetches the next page with the API's cursor). */
const CUSTOMERS_PAGE_SIZE = 20;
/** The search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;
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

/** The text typed, once it has not changed for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The Customers tab: everyone who signed up, newest first, searched by a part of their name or e-mail, with their
 * orders, total paid and open tickets; a customer's view shows their orders and tickets and blocks or unblocks them.
 */
export function CustomersTab() {
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const { data, loading, error, refetch, fetchMore } = useQuery(AdminCustomersQuery, {
    variables: { search: search || null, first: CUSTOMERS_PAGE_SIZE },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = data?.adminCustomers;

  useEffect(() => {
    if (error) toast(failureToast(FETCH_FAILED, error));
  }, [error, toast]);

  const loadMore = async () => {
    if (!list?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: list.pageInfo.endCursor } });
    } catch (failure) {
      toast(failureToast(FETCH_FAILED, failure));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="admin-customers">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          type="search"
          label="Search customers"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {list ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
            {shownOfTotal(list.edges.length, list.totalCount, 'customer')}
          </Typography>
        ) : null}
      </Stack>

      <ResponsiveListFrame>
        {loading && !list ? (
          <LoadingState label="Loading customers..." />
        ) : !list ? (
          <ErrorState message={FETCH_FAILED} action={<RetryButton onRetry={() => void refetch()} />} />
        ) : list.edges.length === 0 ? (
          <EmptyListState
            title={search ? 'No customer matches this search' : 'No customers yet'}
            hint={search ? 'Try a part of their name or e-mail.' : 'Customers appear here as they sign up.'}
          />
        ) : (
          <CustomerList customers={list.edges.map((edge) => edge.node)} onOpen={setOpenId} />
        )}
      </ResponsiveListFrame>

      <LoadMoreButton hasNextPage={list?.pageInfo.hasNextPage} loading={loadingMore} onLoadMore={loadMore} />

      <CustomerDialog userId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
