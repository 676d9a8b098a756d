import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PAYMENT_METHOD_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { SALES_MESSAGES, SALES_REPORT_MAX_DAYS } from '../../../../../common/validation';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { graphql } from '../../../gql/admin';
import type { AdminSalesReportQuery } from '../../../gql/admin/graphql';
import { AWAITING_REVIEW } from '../orders/OrdersTab';
import { ADMIN_DASHBOARD_PATH } from '../adminPaths';
import { NoPriceWarning } from '../rates/NoPriceWarning';
import { AddressGapWarning } from './AddressGapWarning';
import { ChartFigure } from './ChartFigure';
import { apiRange, formatDay, presetDays, RANGE_PRESETS, type RangePreset } from './salesRange';

const AdminSalesReportQueryDocument = graphql(/* GraphQL */ `
  query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {
    adminSalesReport(from: $from, to: $to) {
      from
      to
      totalRevenue
      orderCount
      byDay {
        day
        revenue
        orders
      }
      byMethod {
        method
        revenue
        orders
      }
      byProduct {
        productId
        name
        revenue
        orders
        quantity
      }
      counters {
        ordersAwaitingReview
        overdueTickets
        lowStock {
          productId
          name
          available
          threshold
        }
      }
    }
  }
`);

type Report = AdminSalesReportQuery['adminSalesReport'];

/** Products shown in the per-product chart (the table lists them all). */
const TOP_PRODUCTS = 8;
const DAY_MS = 86_400_000;

const compactUsd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(value);

/** The custom range's problem, in the API's words, or null. */
function customRangeError(first: string, last: string): string | null {
  if (!first || !last) return 'Choose both days';
  const days = (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;
  if (days < 1) return SALES_MESSAGES.rangeOrder;
  if (days > SALES_REPORT_MAX_DAYS) return SALES_MESSAGES.rangeTooLong;
  return null;
}

/**
 * The Overview tab: the counters an operator checks first (each opens the tab where it is dealt with), then paid
 * sales over a range (presets or two days, UTC days like the API) per day, per payment method and per product.
 */
export default function OverviewTab() {
  const [preset, setPreset] = useState<RangePreset>('30d');
  const [custom, setCustom] = useState(() => presetDays('30d'));
  const days = preset === 'custom' ? custom : presetDays(preset);
  const rangeError = preset === 'custom' ? customRangeError(custom.first, custom.last) : null;
  const variables = apiRange(days.first, days.last);
  const { data, loading, error, refetch } = useQuery(AdminSalesReportQueryDocument, {
    variables,
    skip: !!rangeError,
  });
  const report = data?.adminSalesReport;

  return (
    <Stack spacing={3} data-testid="admin-overview">
      <NoPriceWarning />
      <AddressGapWarning />
      {report ? <Counters counters={report.counters} /> : null}

      <Box component="section" aria-labelledby="sales-heading">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Box>
            <Typography id="sales-heading" component="h2" variant="h5">
              Sales
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Paid orders (Success, Processing, Completed) by the UTC day they were placed:{' '}
              {formatDay(days.first, true)} – {formatDay(days.last, true)}
            </Typography>
          </Box>
          <ToggleButtonGroup
            value={preset}
            exclusive
            size="small"
            aria-label="Date range"
            onChange={(_event, value: RangePreset | null) => {
              if (!value) return;
              if (value === 'custom') setCustom(days);
              setPreset(value);
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {RANGE_PRESETS.map(({ key, label }) => (
              <ToggleButton key={key} value={key} sx={{ textTransform: 'none', flex: { xs: '1 1 auto', md: 'none' } }}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>

        {preset === 'custom' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              type="date"
              label="First day (UTC)"
              size="small"
              value={custom.first}
              onChange={(event) => setCustom((range) => ({ ...range, first: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="Last day (UTC)"
              size="small"
              value={custom.last}
              onChange={(event) => setCustom((range) => ({ ...range, last: event.target.value }))}
              error={!!rangeError}
              helperText={rangeError ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        ) : null}

        {rangeError ? null : loading && !report ? (
          <LoadingState label="Loading sales..." />
        ) : !report ? (
          <ErrorState
            message={error?.message ?? 'Failed to load the sales report'}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        ) : (
          <SalesCharts report={report} />
        )}
      </Box>
    </Stack>
  );
}

function CounterCard({
  label,
  value,
  detail,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail: string;
  to?: string;
  testId: string;
}) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {detail}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ borderRadius: '16px', height: '100%' }} data-testid={testId}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

function Counters({ counters }: { counters: Report['counters'] }) {
  const low = counters.lowStock;
  return (
    <Box component="section" aria-labelledby="counters-heading">
      <Typography id="counters-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
        To check
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        <CounterCard
          testId="counter-awaiting-review"
          label="Orders awaiting review"
          value={counters.ordersAwaitingReview}
          detail="Pending with a proof, a transaction ID or a payment issue, or past their payment window. Open them"
          to={`${ADMIN_DASHBOARD_PATH}?tab=orders&status=${AWAITING_REVIEW}`}
        />
        <CounterCard
          testId="counter-overdue-tickets"
          label="Overdue tickets"
          value={counters.overdueTickets}
          detail="Customers waiting more than 24 hours for a reply. Open the support queue"
          to={`${ADMIN_DASHBOARD_PATH}?tab=tickets`}
        />
        <CounterCard
          testId="counter-low-stock"
          label="Products low on keys"
          value={low.length}
          detail={
            low.length === 0
              ? 'Every product stocked by keys has enough. Open Products Stock'
              : `${low
                  .slice(0, 3)
                  .map((p) => `${p.name}: ${p.available.toLocaleString('en-US')} left`)
                  .join('; ')}${low.length > 3 ? '…' : ''}. Open Products Stock`
          }
          to={`${ADMIN_DASHBOARD_PATH}?tab=products`}
        />
      </Box>
    </Box>
  );
}

function SalesCharts({ report }: { report: Report }) {
  const range = `${formatDay(report.byDay[0]?.day ?? '')} – ${formatDay(report.byDay[report.byDay.length - 1]?.day ?? '')}`;
  const best = useMemo(
    () =>
      report.byDay.reduce(
        (top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top),
        null as Report['byDay'][number] | null,
      ),
    [report.byDay],
  );
  const topProducts = report.byProduct.slice(0, TOP_PRODUCTS);
  const methodLabel = (method: Report['byMethod'][number]['method']) => PAYMENT_METHOD_LABELS[method];
  const empty = report.orderCount === 0;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        <CounterCard testId="sales-revenue" label="Revenue" value={formatUsd(report.totalRevenue)} detail={range} />
        <CounterCard testId="sales-orders" label="Paid orders" value={report.orderCount} detail={range} />
      </Box>

      <ChartFigure
        testId="chart-revenue-by-day"
        title="Revenue per day"
        summary={
          empty
            ? `No paid orders from ${range}.`
            : `Revenue per day from ${range}: ${formatUsd(report.totalRevenue)} in ${report.orderCount} paid orders; the best day was ${formatDay(best!.day, true)} with ${formatUsd(best!.revenue)}.`
        }
        table={{
          columns: [{ label: 'Day (UTC)' }, { label: 'Revenue', numeric: true }, { label: 'Orders', numeric: true }],
          rows: report.byDay.map((d) => ({
            key: d.day,
            cells: [formatDay(d.day, true), formatUsd(d.revenue), d.orders],
          })),
        }}
      >
        <BarChart
          height={280}
          dataset={report.byDay}
          xAxis={[
            {
              scaleType: 'band',
              dataKey: 'day',
              valueFormatter: (day: string) => formatDay(day),
              tickLabelMinGap: 24,
            },
          ]}
          yAxis={[{ valueFormatter: (value: number) => compactUsd(value), width: 56 }]}
          series={[
            { dataKey: 'revenue', label: 'Revenue', color: '#1565c0', valueFormatter: (v) => formatUsd(v ?? 0) },
          ]}
          hideLegend
          grid={{ horizontal: true }}
          margin={{ left: 0, right: 8 }}
        />
      </ChartFigure>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <ChartFigure
          testId="chart-by-method"
          title="By payment method"
          summary={
            empty
              ? 'No paid orders in this range.'
              : report.byMethod
                  .map((m) => `${methodLabel(m.method)}: ${formatUsd(m.revenue)} in ${m.orders} orders`)
                  .join('; ')
          }
          table={{
            columns: [{ label: 'Method' }, { label: 'Revenue', numeric: true }, { label: 'Orders', numeric: true }],
            rows: report.byMethod.map((m) => ({
              key: m.method,
              cells: [methodLabel(m.method), formatUsd(m.revenue), m.orders],
            })),
          }}
        >
          <BarChart
            height={Math.max(160, 56 * report.byMethod.length + 40)}
            layout="horizontal"
            dataset={report.byMethod.map((m) => ({ label: methodLabel(m.method), revenue: m.revenue }))}
            yAxis={[{ scaleType: 'band', dataKey: 'label', width: 110 }]}
            xAxis={[{ valueFormatter: (value: number) => compactUsd(value) }]}
            series={[
              { dataKey: 'revenue', label: 'Revenue', color: '#2e7d32', valueFormatter: (v) => formatUsd(v ?? 0) },
            ]}
            hideLegend
            grid={{ vertical: true }}
            margin={{ right: 16 }}
          />
        </ChartFigure>

        <ChartFigure
          testId="chart-by-product"
          title="By product"
          summary={
            empty
              ? 'No paid orders in this range.'
              : `Top products: ${topProducts.map((p) => `${p.name}: ${formatUsd(p.revenue)}`).join('; ')}`
          }
          table={{
            columns: [
              { label: 'Product' },
              { label: 'Revenue', numeric: true },
              { label: 'Orders', numeric: true },
              { label: 'Units', numeric: true },
            ],
            rows: report.byProduct.map((p) => ({
              key: p.productId,
              cells: [p.name, formatUsd(p.revenue), p.orders, p.quantity.toLocaleString('en-US')],
            })),
          }}
        >
          <BarChart
            height={Math.max(160, 40 * topProducts.length + 40)}
            layout="horizontal"
            dataset={topProducts.map((p) => ({
              label: p.name.length > 18 ? `${p.name.slice(0, 17)}…` : p.name,
              revenue: p.revenue,
            }))}
            yAxis={[{ scaleType: 'band', dataKey: 'label', width: 130 }]}
            xAxis={[{ valueFormatter: (value: number) => compactUsd(value) }]}
            series={[
              { dataKey: 'revenue', label: 'Revenue', color: '#6a1b9a', valueFormatter: (v) => formatUsd(v ?? 0) },
            ]}
            hideLegend
            grid={{ vertical: true }}
            margin={{ right: 16 }}
          />
        </ChartFigure>
      </Box>
    </Stack>
  );
}
