import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../../../common/pricing';
import { formatDateTime } from '../../../format/date';
import type { AdminRatesQuery as AdminRatesData } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList } from '../list/AdminList';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { useAdminList } from '../list/useAdminList';
import { AdminRatesQuery, methodLabels, RATES_POLL_MS } from './rateQueries';

type Rates = AdminRatesData['adminRates'];
type CurrencyRow = Rates['currencies'][number];
type ProviderRow = Rates['providers'][number];

/**
 * The Rates tab (docs/payments.md "How prices are made"): the rate each currency is priced at now (or why it has
 * none, and so which methods checkout refuses), each provider's last answer and its age, and the settings in force.
 * Read-only: rates are configured in the environment.
 */
export function RatesTab() {
  const query = useQuery(AdminRatesQuery, { pollInterval: RATES_POLL_MS });
  const list = useAdminList(query, {
    rows: (data) => data.adminRates.providers,
    failure: ADMIN_TEXTS.fetchRatesFailed,
  });
  const rates = query.data?.adminRates;

  return (
    <Stack spacing={3} data-testid="admin-rates">
      <Typography variant="body2" color="text.secondary">
        BTC and ETH are priced at the median of the providers' fresh answers, read in the background. When they disagree
        or none is fresh, that currency has no price and checkout refuses it rather than guess. USDT is always 1 USD.
      </Typography>

      {rates ? (
        <Grid container spacing={2}>
          {rates.currencies.map((currency) => (
            <Grid key={currency.currency} size={{ xs: 12, md: 4 }}>
              <CurrencyCard currency={currency} />
            </Grid>
          ))}
        </Grid>
      ) : null}

      <AdminList
        list={list}
        loadingLabel="Loading rates..."
        empty={{ title: 'No live providers', hint: 'Only the fixed rates are configured (RATE_PROVIDERS=fixed).' }}
        toolbarRowFrom="xs"
        toolbarAlign="baseline"
        toolbar={
          <Typography component="h2" variant="h6" sx={{ pt: 1 }}>
            Providers
          </Typography>
        }
        summary={({ total }) => (total === 1 ? '1 answer' : `${total} answers`)}
        renderRows={(rows) => <AdminRows description={PROVIDER_ROWS} rows={rows} />}
      />

      {rates ? <Settings settings={rates.settings} /> : null}
    </Stack>
  );
}

function CurrencyCard({ currency }: { currency: CurrencyRow }) {
  const { rate } = currency;
  return (
    <Card variant="outlined" sx={{ borderRadius: '16px', height: '100%' }} data-testid={`rate-${currency.currency}`}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          1 {currency.currency}
        </Typography>
        {rate ? (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {formatUsd(Number(rate.usd))}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {rate.source} · {formatDateTime(rate.fetchedAt)}
              {currency.divergencePercent ? ` · ${currency.divergencePercent.toFixed(2)}% apart` : ''}
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} color="error">
              No price
            </Typography>
            <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {currency.unavailableReason}.
              {currency.methods.length > 0
                ? ` Checkout refuses ${methodLabels(currency.methods)} until it has a price again.`
                : ''}
            </Alert>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Answer({ row }: { row: ProviderRow }) {
  if (row.usd !== null) {
    return (
      <Typography variant="body2" sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 600 }}>
        {row.usd}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
      {row.error ?? 'No answer yet'}
    </Typography>
  );
}

function age(row: ProviderRow): string {
  if (row.ageSeconds === null) return 'never';
  if (row.ageSeconds < 90) return `${row.ageSeconds} s ago`;
  return `${Math.round(row.ageSeconds / 60)} min ago`;
}

function Counts({ row }: { row: ProviderRow }) {
  return row.fresh ? (
    <Chip size="small" color="success" variant="outlined" label="Counts" />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label="Not counted" />
  );
}

/** The providers' last answers, described once: a table on wide screens, cards on phones. */
const PROVIDER_ROWS: RowDescription<ProviderRow> = {
  label: 'Rate providers',
  rowTestId: 'rate-provider',
  key: (row) => `${row.provider}:${row.currency}`,
  columns: [
    { header: 'Provider', sx: { fontWeight: 600 }, cell: (row) => row.provider, card: false },
    { header: 'Currency', cell: (row) => row.currency, card: false },
    {
      header: 'Last answer',
      sx: { maxWidth: 420 },
      cell: (row) => <Answer row={row} />,
      card: { wide: true },
    },
    { header: 'Age', sx: { whiteSpace: 'nowrap' }, cell: age, card: {} },
    { header: 'Status', cell: (row) => <Counts row={row} />, card: false },
  ],
  card: {
    label: (row) => `${row.provider} ${row.currency}`,
    title: (row) => (
      <Box sx={{ fontWeight: 600 }}>
        {row.provider} · {row.currency}
      </Box>
    ),
    aside: (row) => <Counts row={row} />,
  },
};

function Settings({ settings }: { settings: Rates['settings'] }) {
  const items: [string, string][] = [
    ['Providers (RATE_PROVIDERS)', settings.providers.join(', ')],
    ['Refresh (RATE_REFRESH_SECONDS)', `every ${settings.refreshSeconds} s`],
    ['Maximum age (RATE_MAX_AGE_SECONDS)', `${settings.maxAgeSeconds} s`],
    ['Maximum divergence (RATE_MAX_DIVERGENCE_PERCENT)', `${settings.maxDivergencePercent}%`],
    ['Spread (RATE_SPREAD_PERCENT)', `${settings.spreadPercent}%`],
  ];
  return (
    <Box component="section" aria-labelledby="rate-settings-heading" data-testid="rate-settings">
      <Typography id="rate-settings-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Settings in force
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
