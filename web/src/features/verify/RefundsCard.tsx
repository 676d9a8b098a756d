import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type FormEvent } from 'react';
import { REFUND_LIMITS, REFUND_MESSAGES, REFUND_STATUS_LABELS } from '../../../../common/refunds';
import { errorMessage } from '../../apollo/errors';
import { ChainValueField } from '../../components/ChainValueField';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql';
import type { RefundStatus } from '../../gql/graphql';
import { MONOSPACE_FONT } from '../../theme/theme';

/** A refund as /verify shows it (the VerifyOrder fragment's `refunds`). */
export interface VerifyRefund {
  id: string;
  status: RefundStatus;
  amount: string;
  currency: string;
  chainName: string;
  reason: string;
  address: string | null;
  txId: string | null;
  explorerUrl: string | null;
}

const ClaimRefundMutation = graphql(/* GraphQL */ `
  mutation VerifyClaimRefund($refundId: ID!, $address: String!) {
    claimRefund(refundId: $refundId, address: $address) {
      id
      status
      address
    }
  }
`);

const TEXTS = {
  title: 'Refunds',
  claimTitle: (amount: string) => `Claim your refund of ${amount}`,
  claimText: (chainName: string, currency: string) =>
    `Enter the ${chainName} address of your wallet to receive the ${currency}. Check it carefully: a payment on chain ` +
    'cannot be reversed.',
  addressLabel: (chainName: string) => `Your ${chainName} address`,
  confirm: 'Confirm address',
  confirming: 'Confirming…',
  claimed: { title: 'Address confirmed', description: 'We will send your refund and e-mail you the transaction.' },
  failed: 'Your address could not be saved. Please try again.',
  to: 'To',
  transaction: 'Transaction',
} as const;

const STATUS_COLOR: Record<RefundStatus, 'default' | 'info' | 'warning' | 'success'> = {
  OFFERED: 'warning',
  CLAIMED: 'info',
  SENT: 'info',
  PAID: 'success',
  CANCELLED: 'default',
};

/** The order's refunds on /verify: each with its status, and the address form of one still offered. */
export function RefundsCard({ refunds }: { refunds: readonly VerifyRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="refunds-title" sx={{ mt: 3 }} data-testid="refunds">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="refunds-title" variant="h5" component="h2">
          {TEXTS.title}
        </Typography>
        {refunds.map((refund, i) => (
          <Fragment key={refund.id}>
            {i > 0 && <Divider sx={{ my: 3 }} />}
            <RefundItem refund={refund} />
          </Fragment>
        ))}
      </CardContent>
    </Card>
  );
}

function RefundItem({ refund }: { refund: VerifyRefund }) {
  const amount = `${refund.amount} ${refund.currency}`;
  return (
    <Box sx={{ mt: 2 }} data-testid={`refund-${refund.id}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="p" sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 700 }}>
          {amount}
        </Typography>
        <Chip size="small" color={STATUS_COLOR[refund.status]} label={REFUND_STATUS_LABELS[refund.status]} />
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
        {refund.reason}
      </Typography>
      {refund.address && <Fact label={TEXTS.to} value={refund.address} />}
      {refund.txId && <Fact label={TEXTS.transaction} value={refund.txId} href={refund.explorerUrl} />}
      {refund.status === 'OFFERED' && <ClaimForm refund={refund} amount={amount} />}
    </Box>
  );
}

function Fact({ label, value, href }: { label: string; value: string; href?: string | null }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
        {href ? (
          <Link href={href} target="_blank" rel="noopener noreferrer">
            {value}
          </Link>
        ) : (
          value
        )}
      </Typography>
    </Stack>
  );
}

/** The customer's address for an offered refund: the API checks it for the order's chain and says what is wrong. */
function ClaimForm({ refund, amount }: { refund: VerifyRefund; amount: string }) {
  const toast = useToast();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [claim, { loading }] = useMutation(ClaimRefundMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    if (!value) return setProblem(REFUND_MESSAGES.addressRequired);
    try {
      await claim({ variables: { refundId: refund.id, address: value } });
      setProblem(null);
      toast({ ...TEXTS.claimed, severity: 'success' });
    } catch (error) {
      setProblem(errorMessage(error, TEXTS.failed));
    }
  };
  const fieldId = `refund-address-${refund.id}`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${fieldId}-title`}
      sx={{ mt: 2.5, p: { xs: 2, sm: 2.5 }, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Typography id={`${fieldId}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {TEXTS.claimTitle(amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {TEXTS.claimText(refund.chainName, refund.currency)}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <ChainValueField
          id={fieldId}
          label={TEXTS.addressLabel(refund.chainName)}
          value={address}
          onChange={setAddress}
          problem={problem}
          maxLength={REFUND_LIMITS.address}
          busy={loading}
          submitLabel={TEXTS.confirm}
          busyLabel={TEXTS.confirming}
        />
      </Box>
    </Box>
  );
}
