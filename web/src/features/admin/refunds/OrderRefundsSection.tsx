import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import {
  CANCELLABLE_REFUND_STATUSES,
  REFUND_LIMITS,
  REFUND_MESSAGES,
  REFUND_STATUS_LABELS,
} from '../../../../../common/refunds';
import { errorMessage } from '../../../apollo/errors';
import { serverFieldMessages, useFieldErrors } from '../../../components/field-errors';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { WithdrawRefundButton } from './WithdrawRefundButton';

const OrderRefundsQuery = graphql(/* GraphQL */ `
  query AdminOrderRefunds($id: ID!) {
    order(id: $id) {
      id
      refunds {
        id
        status
        amount
        currency
        reason
        address
        txId
        problem
      }
      refundSuggestion {
        amount
        reason
        available
        leftOut
      }
    }
  }
`);

const OfferRefundMutation = graphql(/* GraphQL */ `
  mutation AdminOfferRefund($orderId: ID!, $amount: String!, $reason: String!) {
    offerRefund(orderId: $orderId, amount: $amount, reason: $reason) {
      id
      status
    }
  }
`);

const TEXTS = {
  title: 'Refunds',
  hint: (available: string | null) =>
    'The customer is e-mailed a link to claim the refund with an address of this order’s chain; you pay it from ' +
    `your wallet under Refunds.${available ? ` Up to ${available} can be offered.` : ''}`,
  suggested: 'Suggested from the payment issue: check the amount and the reason before offering.',
  leftOut: (amount: string) =>
    `${amount} is not counted: it arrived in transactions tied to this order only by a transaction ID the customer ` +
    'typed, which anyone can do with a stranger’s payment. Confirm the payment (move the order to a paid status) ' +
    'once you checked it was theirs.',
  amount: 'Amount',
  reason: 'Reason (the customer reads it)',
  offer: 'Offer refund',
  offering: 'Offering…',
  offered: { title: 'Refund offered', description: 'The customer was e-mailed a link to claim it.' },
  failed: 'The refund could not be offered. Please try again.',
} as const;

/** An order's refunds in the admin order view, and "Offer refund" prefilled with the store's suggestion. */
export function OrderRefundsSection({ orderId, currency }: { orderId: string; currency: string }) {
  const { data, refetch } = useQuery(OrderRefundsQuery, { variables: { id: orderId }, fetchPolicy: 'network-only' });
  const order = data?.order;
  if (!order) return null;
  const suggestion = order.refundSuggestion;
  return (
    <Box component="section" aria-labelledby="order-refunds-title" data-testid="order-refunds">
      <Typography id="order-refunds-title" component="h3" variant="h5" sx={{ mb: 0.5 }}>
        {TEXTS.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {TEXTS.hint(suggestion ? `${suggestion.available} ${currency}` : null)}
      </Typography>
      {suggestion?.leftOut && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="refund-left-out">
          {TEXTS.leftOut(`${suggestion.leftOut} ${currency}`)}
        </Alert>
      )}
      {order.refunds.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {order.refunds.map((refund) => (
            <Stack
              key={refund.id}
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            >
              <Typography sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 700 }}>
                {refund.amount} {refund.currency}
              </Typography>
              <Chip size="small" label={REFUND_STATUS_LABELS[refund.status]} />
              {CANCELLABLE_REFUND_STATUSES.includes(refund.status) && (
                <WithdrawRefundButton
                  refundId={refund.id}
                  amount={`${refund.amount} ${refund.currency}`}
                  claimed={refund.status === 'CLAIMED'}
                  onDone={() => void refetch()}
                />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {refund.reason}
              </Typography>
              {refund.problem && (
                <Alert severity="error" sx={{ width: '100%' }}>
                  {refund.problem}
                </Alert>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      <OfferRefundForm
        key={suggestion ? `${suggestion.amount}:${suggestion.reason}` : 'none'}
        orderId={orderId}
        currency={currency}
        suggestion={suggestion}
        onOffered={() => void refetch()}
      />
    </Box>
  );
}

function OfferRefundForm({
  orderId,
  currency,
  suggestion,
  onOffered,
}: {
  orderId: string;
  currency: string;
  suggestion: { amount: string; reason: string } | null;
  onOffered: () => void;
}) {
  const toast = useToast();
  const [amount, setAmount] = useState(suggestion?.amount ?? '');
  const [reason, setReason] = useState(suggestion?.reason ?? '');
  // A refusal of no field of the form (the order's chain cannot refund) stays in the alert under the form.
  const [problem, setProblem] = useState<string | null>(null);
  const fieldIds = useMemo(
    () => ({ amount: `refund-amount-${orderId}`, reason: `refund-reason-${orderId}` }),
    [orderId],
  );
  const errors = useFieldErrors(fieldIds);
  const [offer, { loading }] = useMutation(OfferRefundMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!reason.trim()) return errors.show({ reason: REFUND_MESSAGES.reasonRequired });
    errors.show({});
    try {
      await offer({ variables: { orderId, amount: amount.trim(), reason } });
      toast({ ...TEXTS.offered, severity: 'success' });
      onOffered();
    } catch (error) {
      const messages = serverFieldMessages(error);
      errors.show(messages);
      if (!messages.amount && !messages.reason) setProblem(errorMessage(error, TEXTS.failed));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      {suggestion && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEXTS.suggested}
        </Alert>
      )}
      <Stack spacing={1.5}>
        <TextField
          id={fieldIds.amount}
          label={`${TEXTS.amount} (${currency})`}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            errors.clear('amount');
          }}
          {...errors.props('amount')}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { sx: { fontFamily: MONOSPACE_FONT } } }}
          sx={{ maxWidth: 280 }}
        />
        <TextField
          id={fieldIds.reason}
          label={TEXTS.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            errors.clear('reason');
          }}
          {...errors.props('reason')}
          size="small"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REFUND_LIMITS.reason } }}
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? TEXTS.offering : TEXTS.offer}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
