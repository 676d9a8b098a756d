import { useMutation, useQuery } from '@apollo/client/react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { shortOrderId } from '../../../../../common/order-lifecycle';
import { REFUND_LIMITS, REFUND_MESSAGES } from '../../../../../common/refunds';
import { errorMessage } from '../../../apollo/errors';
import { ChainValueField } from '../../../components/ChainValueField';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import type { AdminRefundsToPayQuery } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { WithdrawRefundButton } from './WithdrawRefundButton';

const RefundsToPayQuery = graphql(/* GraphQL */ `
  query AdminRefundsToPay {
    refundsToPay {
      id
      orderId
      status
      amount
      currency
      chainName
      reason
      address
      txId
      explorerUrl
      confirmations
      problem
      customerEmail
      claimedAt
    }
  }
`);

const RecordRefundPaymentMutation = graphql(/* GraphQL */ `
  mutation AdminRecordRefundPayment($refundId: ID!, $txId: String!) {
    recordRefundPayment(refundId: $refundId, txId: $txId) {
      id
      status
      txId
      explorerUrl
      confirmations
      problem
    }
  }
`);

type RefundRow = AdminRefundsToPayQuery['refundsToPay'][number];

const TEXTS = {
  intro:
    'Claimed refunds: send each amount from your own wallet to the address shown (the store holds no keys), then ' +
    'record the transaction. The store marks a refund paid once the chain shows it sent the amount to that address ' +
    'with the required confirmations.',
  loading: 'Loading refunds...',
  failed: "We couldn't load the refunds.",
  emptyTitle: 'No refunds to pay',
  emptyHint: 'Refunds appear here once a customer claims one with their address.',
  toPay: 'To pay',
  sent: 'Sent',
  notPaying: 'Does not pay it',
  waiting: (confirmations: number | null) =>
    `Recorded: waiting for the chain to confirm it${confirmations ? ` (${confirmations} ${confirmations === 1 ? 'confirmation' : 'confirmations'} so far)` : ''}.`,
  amount: 'Amount',
  address: 'To address',
  order: 'Order',
  transaction: 'Transaction',
  txLabel: 'Transaction ID of your payment',
  record: 'Record payment',
  recording: 'Recording…',
  recorded: { title: 'Payment recorded', description: 'The refund is marked paid once the chain confirms it.' },
  recordFailed: 'The payment could not be recorded. Please try again.',
  copied: (what: string) => ({ title: `${what} copied`, description: '' }),
  copyFailed: { title: 'Copy failed', description: 'Select the text and copy it yourself.' },
} as const;

/** The admin's "Refunds to pay" (docs/payments.md "Refunds"): claimed refunds to send, and sent ones not paid yet. */
export function RefundsTab() {
  const { data, error, loading, refetch } = useQuery(RefundsToPayQuery, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <LoadingState label={TEXTS.loading} />;
  if (error && !data) {
    return <ErrorState message={TEXTS.failed} action={<RetryButton onRetry={() => void refetch()} />} />;
  }
  const refunds = data?.refundsToPay ?? [];
  return (
    <Stack spacing={2} data-testid="admin-refunds">
      <Typography variant="body2" color="text.secondary">
        {TEXTS.intro}
      </Typography>
      {refunds.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {TEXTS.emptyTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {TEXTS.emptyHint}
          </Typography>
        </Paper>
      ) : (
        refunds.map((refund) => <RefundToPay key={refund.id} refund={refund} onChanged={() => void refetch()} />)
      )}
    </Stack>
  );
}

function RefundToPay({ refund, onChanged }: { refund: RefundRow; onChanged: () => void }) {
  const toast = useToast();
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ ...TEXTS.copied(what), severity: 'success' });
    } catch {
      toast({ ...TEXTS.copyFailed, severity: 'warning' });
    }
  };
  const amount = `${refund.amount} ${refund.currency}`;
  const sent = refund.status === 'SENT';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`refund-to-pay-${refund.id}`}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {TEXTS.order} {shortOrderId(refund.orderId)}
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: { xs: 'block', sm: 'inline' }, ml: { sm: 1 }, overflowWrap: 'anywhere' }}
          >
            {refund.customerEmail}
          </Typography>
        </Typography>
        <Chip
          size="small"
          color={sent ? (refund.problem ? 'error' : 'info') : 'warning'}
          label={sent ? (refund.problem ? TEXTS.notPaying : TEXTS.sent) : TEXTS.toPay}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
        {refund.reason}
      </Typography>
      <CopyRow
        label={TEXTS.amount}
        value={amount}
        copyName="Copy amount"
        onCopy={() => void copy(TEXTS.amount, refund.amount)}
      />
      <CopyRow
        label={`${TEXTS.address} (${refund.chainName})`}
        value={refund.address ?? ''}
        copyName="Copy address"
        onCopy={() => void copy('Address', refund.address ?? '')}
      />
      {refund.txId && (
        <CopyRow
          label={TEXTS.transaction}
          value={refund.txId}
          copyName="Copy transaction ID"
          onCopy={() => void copy(TEXTS.transaction, refund.txId ?? '')}
        />
      )}
      {sent && !refund.problem && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {TEXTS.waiting(refund.confirmations)}
        </Typography>
      )}
      {refund.problem && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="refund-problem">
          {refund.problem}
        </Alert>
      )}
      {(!sent || refund.problem) && <RecordPaymentForm refundId={refund.id} />}
      {!sent && (
        <Box sx={{ mt: 1 }}>
          <WithdrawRefundButton
            refundId={refund.id}
            amount={amount}
            claimed={refund.status === 'CLAIMED'}
            onDone={onChanged}
          />
        </Box>
      )}
    </Paper>
  );
}

function CopyRow({
  label,
  value,
  copyName,
  onCopy,
}: {
  label: string;
  value: string;
  /** The copy button's name, as a screen reader says it. */
  copyName: string;
  onCopy: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: { sm: 180 }, pt: { sm: 0.75 } }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        <Tooltip title={copyName}>
          <IconButton size="small" aria-label={copyName} onClick={onCopy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

/** The transaction that paid the refund: the API reads it on chain and refuses one paying someone else. */
function RecordPaymentForm({ refundId }: { refundId: string }) {
  const toast = useToast();
  const [txId, setTxId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [record, { loading }] = useMutation(RecordRefundPaymentMutation, { refetchQueries: [RefundsToPayQuery] });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = txId.trim();
    if (!value) return setProblem(REFUND_MESSAGES.txIdRequired);
    try {
      await record({ variables: { refundId, txId: value } });
      setProblem(null);
      setTxId('');
      toast({ ...TEXTS.recorded, severity: 'success' });
    } catch (error) {
      setProblem(errorMessage(error, TEXTS.recordFailed));
    }
  };
  const id = `refund-tx-${refundId}`;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 2 }}>
      <ChainValueField
        id={id}
        label={TEXTS.txLabel}
        value={txId}
        onChange={setTxId}
        problem={problem}
        maxLength={REFUND_LIMITS.txId}
        busy={loading}
        submitLabel={TEXTS.record}
        busyLabel={TEXTS.recording}
      />
    </Box>
  );
}
