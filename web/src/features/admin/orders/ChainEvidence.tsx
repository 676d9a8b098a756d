import FlagIcon from '@mui/icons-material/Flag';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { PAYMENT_METHOD_CURRENCY } from '../../../../../common/labels';
import { formatCryptoAmount } from '../../../format/crypto';
import {
  CHAIN_PAYMENT_STATUS_COLOURS,
  CHAIN_PAYMENT_STATUS_LABELS,
  confirmationsOf,
  shortHash,
  type ChainPaymentView,
} from '../../../format/payment-issue';
import {
  PAYMENT_ISSUE_LABELS,
  paymentIssueSeverity,
  type PaymentIssueKindKey,
} from '../../../../../common/payment-issues';
import type { PaymentMethod } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';

export interface ChainEvidenceOrder {
  shortId: string;
  paymentMethod: PaymentMethod;
  payment: ChainPaymentView | null;
  paymentIssue: string | null;
  paymentIssueKind: PaymentIssueKindKey | null;
}

/**
 * What the chain says about an order's payment, beside its proof: the payment's status, its confirmations, the amount
 * received and the transaction on a block explorer. Nothing when no payment was seen.
 */
export function ChainEvidence({ order }: { order: ChainEvidenceOrder }) {
  const payment = order.payment;
  if (!payment) return null;
  return (
    <Stack spacing={0.25} sx={{ mt: 0.75, alignItems: 'flex-start' }} data-testid="chain-evidence">
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          size="small"
          variant="outlined"
          color={CHAIN_PAYMENT_STATUS_COLOURS[payment.status]}
          label={CHAIN_PAYMENT_STATUS_LABELS[payment.status]}
          sx={{ height: 20, fontSize: '0.7rem', fontWeight: 700 }}
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {confirmationsOf(payment)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        Received {formatCryptoAmount(payment.amount, PAYMENT_METHOD_CURRENCY[order.paymentMethod])}
      </Typography>
      <Link
        href={payment.explorerUrl}
        target="_blank"
        rel="noopener noreferrer"
        title={payment.txId}
        sx={{
          fontFamily: MONOSPACE_FONT,
          fontSize: '0.8125rem',
          whiteSpace: 'nowrap',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          Transaction on a block explorer:{' '}
        </Box>
        {shortHash(payment.txId)}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (opens in a new tab)
        </Box>
        <OpenInNewIcon sx={{ fontSize: '0.875rem' }} aria-hidden />
      </Link>
    </Stack>
  );
}

/** The order's payment issue as a flag: its kind in bold, then the API's sentence with the amounts. */
export function PaymentIssueFlag({ order }: { order: ChainEvidenceOrder }) {
  if (!order.paymentIssue) return null;
  const label = order.paymentIssueKind ? PAYMENT_ISSUE_LABELS[order.paymentIssueKind] : 'Payment issue';
  // 'Underpaid: received …' already starts with its kind: said once, in bold.
  const prefix = `${label}:`;
  const text = order.paymentIssue.startsWith(prefix)
    ? order.paymentIssue.slice(prefix.length).trim()
    : order.paymentIssue;
  return (
    <Alert
      // A note in a list: read in its place, not announced as it renders.
      role="note"
      severity={paymentIssueSeverity(order.paymentIssueKind)}
      icon={<FlagIcon fontSize="small" />}
      variant="outlined"
      aria-label={`Payment issue of order ${order.shortId}`}
      data-testid="payment-issue-flag"
      sx={{
        py: 0,
        px: 1.25,
        borderLeftWidth: 4,
        bgcolor: 'background.paper',
        '& .MuiAlert-icon': { py: 0.75, mr: 1 },
        '& .MuiAlert-message': { py: 0.75, overflowWrap: 'anywhere' },
      }}
    >
      <Box component="strong" sx={{ mr: 0.75 }}>
        {prefix}
      </Box>
      {text}
    </Alert>
  );
}
