import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../../common/pricing';
import { formatQuoteAmount } from '../../format/crypto';
import { CHECKOUT_TEXTS } from './checkout.texts';

export interface OrderSummary {
  productName: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  domainName: string | null;
  /** The total in USDT, exact ("54400.000000"; shown as the checkout's quotes are, "54,400.00 USDT"). */
  usdtAmount: string;
}

const BENEFITS = ['Instant delivery after payment confirmation', 'Full product access', '24/7 support'];

const quantityFormat = new Intl.NumberFormat('en-US');

/** The side card (docs/product.md "Checkout"): product, quantity x unit price, domain, total in dollars and USDT. */
export function OrderSummaryCard({ summary }: { summary: OrderSummary | null }) {
  return (
    <Card component="section" aria-labelledby="order-summary-title" data-testid="order-summary">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="order-summary-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Order Summary
        </Typography>
        {summary ? (
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 700 }}>{summary.productName}</Typography>
            <Row
              label="Quantity"
              value={`${quantityFormat.format(summary.quantity)} x ${formatUsd(summary.unitPrice)}`}
            />
            {summary.domainName && <Row label="Domain" value={summary.domainName} breakAll />}
            <Divider />
            <Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
                <Typography sx={{ fontWeight: 700 }}>Total</Typography>
                <Typography sx={{ fontWeight: 800, fontSize: '1.5rem' }} data-testid="order-total">
                  {formatUsd(summary.totalPrice)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                {formatQuoteAmount(summary.usdtAmount, 'USDT')}
              </Typography>
            </Box>
            <Divider />
            <List dense disablePadding>
              {BENEFITS.map((benefit) => (
                <ListItem key={benefit} disableGutters sx={{ py: 0.25 }}>
                  <ListItemIcon sx={{ minWidth: 30 }}>
                    <CheckCircleIcon fontSize="small" color="secondary" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={benefit} />
                </ListItem>
              ))}
            </List>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 3, color: 'text.secondary', textAlign: 'center' }}>
            <ShoppingCartOutlinedIcon fontSize="large" aria-hidden />
            <Typography>{CHECKOUT_TEXTS.selectProduct}</Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function Row({ label, value, breakAll }: { label: string; value: string; breakAll?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', wordBreak: breakAll ? 'break-all' : 'normal' }}>
        {value}
      </Typography>
    </Stack>
  );
}
