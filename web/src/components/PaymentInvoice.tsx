import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCryptoAmount } from '../format/crypto';
import { CopyAmountButton } from './CopyAmountButton';
import { PayAddressField } from './PayAddressField';

/** What follows the network warning: why it matters. */
export const NETWORK_WARNING_NEXT = 'Coins sent on another network cannot be recovered.';

export interface PaymentInvoiceProps {
  /** The elements' ids (labels) and test ids: /verify's `exact-…`, checkout's `pay-…`. */
  ids: { amount: string; address: string };
  amountLabel: string;
  /** The exact amount to send ("68.000012"); null: none to show (the rest due is unknown). */
  amount: string | null;
  currency: string;
  /** The amount no longer holds (the price lock ended on checkout): struck through, without its Copy button. */
  amountStruck?: boolean;
  /** Under the amount: its dollars, the rate, a note. */
  amountDetails?: ReactNode;
  /** The address to pay; null: not shown (an expired checkout price). */
  address: string | null;
  addressLabel: string;
  copyAmountLabel: string;
  copyAddressLabel: string;
  onCopy: (what: 'amount' | 'address', text: string) => void;
  /** The order's (or the held quote's) QR code drawn by the server, its alt text and the hint under it. */
  qr: { svg: string; alt: string; hint?: string } | null;
  /** "Send only USDT on TRON (TRC-20)" (common/payment-methods networkWarning); null for none. */
  networkWarning: string | null;
  /** The live countdown (the price lock, the payment window): first, as the time is what a payer must know. */
  countdown?: ReactNode;
  /** "Open in wallet", under the address. */
  wallet?: ReactNode;
  /** `paper` on a tinted box, `default` on a white card. */
  background: 'paper' | 'default';
}

/** The QR code the server drew, as an image (no markup of ours is injected). */
function qrImageSource(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * What to pay, as an invoice shows it (issue 31): the countdown, the exact amount with Copy, the network warning and
 * the address with Copy come first, so a phone shows them above the fold; the QR code sits beside them on a wide
 * screen and under them on a phone (a phone pays by copying; a second device scans). Checkout's step 2 (the held
 * quote) and /verify (the order's request) both show it.
 */
export function PaymentInvoice(props: PaymentInvoiceProps) {
  const { ids, qr } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: qr ? 'minmax(0, 1fr) 200px' : '1fr' },
        gap: { xs: 2.5, sm: 3 },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {props.countdown}
        {props.amount !== null ? (
          <Box>
            <Typography variant="body2" color="text.secondary" id={`${ids.amount}-label`}>
              {props.amountLabel}
            </Typography>
            {/* The Copy button sits beside the amount, or below it when both do not fit: the amount itself never
                breaks ("BTC" alone on a line). */}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography
                aria-labelledby={`${ids.amount}-label`}
                data-testid={ids.amount}
                sx={{
                  fontWeight: 800,
                  fontSize: { xs: '1.35rem', sm: '1.6rem' },
                  lineHeight: 1.3,
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: 'nowrap',
                  flexGrow: 1,
                  color: props.amountStruck ? 'text.disabled' : undefined,
                  textDecoration: props.amountStruck ? 'line-through' : undefined,
                }}
              >
                {formatCryptoAmount(props.amount, props.currency)}
              </Typography>
              {props.amountStruck ? null : (
                <CopyAmountButton
                  label={props.copyAmountLabel}
                  onClick={() => props.amount !== null && props.onCopy('amount', props.amount)}
                />
              )}
            </Stack>
            {props.amountDetails}
          </Box>
        ) : null}
        {props.networkWarning && props.address ? (
          <Alert
            severity="warning"
            icon={<ReportProblemOutlinedIcon fontSize="inherit" />}
            sx={{ py: 0.25 }}
            data-testid="network-warning"
          >
            <Box component="strong">{props.networkWarning}.</Box> {NETWORK_WARNING_NEXT}
          </Alert>
        ) : null}
        {props.address ? (
          <PayAddressField
            id={`${ids.address}-label`}
            testId={ids.address}
            label={props.addressLabel}
            address={props.address}
            copyLabel={props.copyAddressLabel}
            onCopy={() => props.address && props.onCopy('address', props.address)}
            background={props.background}
          />
        ) : null}
        {props.wallet}
      </Stack>
      {qr ? (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="img"
            src={qrImageSource(qr.svg)}
            alt={qr.alt}
            sx={{
              width: { xs: 180, sm: 200 },
              height: { xs: 180, sm: 200 },
              bgcolor: '#fff',
              borderRadius: 1.5,
              border: 1,
              borderColor: 'divider',
              p: 1,
            }}
          />
          {qr.hint ? (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 220 }}>
              {qr.hint}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
