import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_DASHBOARD_PATH } from '../adminPaths';
import { AdminRatesWarningQuery, methodLabels, RATES_POLL_MS } from './rateQueries';

/**
 * The Overview's warning while a currency that configured methods are paid in has no price (docs/payments.md "How
 * prices are made"): those methods are refused at checkout until the providers agree again. Nothing when all is well,
 * or while the answer is loading or failed (the Rates tab says more).
 */
export function NoPriceWarning() {
  const { data } = useQuery(AdminRatesWarningQuery, { pollInterval: RATES_POLL_MS });
  const missing = (data?.adminRates.currencies ?? []).filter((c) => c.rate === null && c.methods.length > 0);
  if (missing.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="no-price-warning">
      {missing.map((currency) => (
        <Alert key={currency.currency} severity="error" variant="outlined">
          <AlertTitle>No price for {currency.currency} right now</AlertTitle>
          Checkouts paying with {methodLabels(currency.methods)} are refused until it has a price again (
          {currency.unavailableReason}).{' '}
          <Link component={RouterLink} to={`${ADMIN_DASHBOARD_PATH}?tab=rates`}>
            See Rates
          </Link>
        </Alert>
      ))}
    </Stack>
  );
}
