import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery, useSubscription } from '@apollo/client/react';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fulfilmentFacts } from '../../../../common/fulfilment-kinds';
import { PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../../common/labels';
import { networkWarning, paymentMethodFacts } from '../../../../common/payment-methods';
import { useRequireSignIn } from '../../auth/useRequireSignIn';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { useToast } from '../../components/toast';
import { getFragmentData, graphql } from '../../gql';
import { CancelOrderButton } from '../orders/CancelOrderButton';
import { ORDER_ACTION_TEXTS } from '../orders/order-actions.texts';
import { PAYMENT_REQUEST_TEXTS, PaymentRequestCard, type PaymentRequest } from './PaymentRequestCard';
import { RefundsCard } from './RefundsCard';
import { systemReason } from './status-reason';
import { TransactionIdForm } from './TransactionIdForm';
import { useSubmitTransactionId } from './useSubmitTransactionId';
import { paymentSeen, VerifyOrderStatus, type VerifiedOrder } from './VerifyOrderStatus';

const VerifyOrderFragment = graphql(/* GraphQL */ `
  fragment VerifyOrder on Order {
    id
    shortId
    status
    createdAt
    transactionId
    paymentProofUrl
    paymentDueAt
    paymentOverdue
    domainName
    paymentMethod
    cryptoAddress
    paymentAmountCrypto
    paymentUri
    paymentQrSvg
    paymentIssue
    paymentIssueKind
    rate {
      currency
      usd
      source
    }
    quoteExpiresAt
    amountDue
    amountDueUri
    amountDueQrSvg
    acceptedShortfall
    keysReservedUntil
    awaitingStock
    payment {
      txId
      amount
      confirmations
      requiredConfirmations
      status
      explorerUrl
      detectedAt
      confirmedAt
    }
    totalPrice
    quantity
    product {
      id
      name
      fulfilment
    }
    keysFileUrl
    downloadUrl
    events {
      id
      fromStatus
      toStatus
      actorKind
      reason
      createdAt
    }
    refunds {
      id
      status
      amount
      currency
      chainName
      reason
      address
      txId
      explorerUrl
    }
  }
`);

const VerifyPageQuery = graphql(/* GraphQL */ `
  query VerifyPage($id: ID!) {
    order(id: $id) {
      id
      ...VerifyOrder
    }
    paymentMethods {
      method
      label
      confirmedOnChain
      requiredConfirmations
    }
  }
`);

const VerifyOrderUpdatedSubscription = graphql(/* GraphQL */ `
  subscription VerifyOrderUpdated($orderId: ID!) {
    orderUpdated(orderId: $orderId) {
      id
      ...VerifyOrder
    }
  }
`);

const TEXTS = {
  noOrderId: 'No order ID provided',
  notFound: 'Order not found',
  authRequired: 'Please sign in to view your order',
  loading: 'Loading your order...',
  loadFailed: "We couldn't load this order.",
};

/** Errors that mean "there is no such order of yours" rather than "try again". */
const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

/** Route /verify?order=id (docs/product.md "Verify"). */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order')?.trim();
  if (!orderId) return <VerifyProblem message={TEXTS.noOrderId} />;
  return <VerifyOrderView key={orderId} orderId={orderId} />;
}

function VerifyOrderView({ orderId }: { orderId: string }) {
  const status = useRequireSignIn(TEXTS.authRequired);
  const signedIn = status === 'signedIn';
  const { data, error, loading, refetch } = useQuery(VerifyPageQuery, {
    variables: { id: orderId },
    skip: !signedIn,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  // Each update of the order is written to the cache under its id, which re-renders the query above.
  useSubscription(VerifyOrderUpdatedSubscription, {
    variables: { orderId },
    skip: !signedIn || !data?.order,
  });

  if (!signedIn || (loading && !data)) return <LoadingState label={TEXTS.loading} fill />;
  if (error && !data?.order) {
    const code = CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined;
    if (typeof code === 'string' && NOT_FOUND_CODES.has(code)) return <VerifyProblem message={TEXTS.notFound} />;
    return <ErrorState message={TEXTS.loadFailed} action={<RetryButton onRetry={() => void refetch()} />} />;
  }
  if (!data?.order) return <VerifyProblem message={TEXTS.notFound} />;

  const order = getFragmentData(VerifyOrderFragment, data.order);
  const method = data.paymentMethods.find((m) => m.method === order.paymentMethod);
  const onChainConfirmations = method?.confirmedOnChain ? (method.requiredConfirmations ?? null) : null;
  const verified: VerifiedOrder = {
    id: order.id,
    status: order.status,
    transactionId: order.transactionId,
    paymentDueAt: order.paymentDueAt,
    paymentOverdue: order.paymentOverdue,
    statusReason: systemReason(order.status, order.events),
    productName: order.product.name,
    domainName: order.domainName,
    paymentMethod: order.paymentMethod,
    cryptoAddress: order.cryptoAddress,
    paymentAmountCrypto: order.paymentAmountCrypto,
    totalPrice: order.totalPrice,
    quantity: order.quantity,
    delivered: { keys: !!order.keysFileUrl, download: !!order.downloadUrl },
    onChainConfirmations,
    payment: order.payment,
    paymentIssue: order.paymentIssue,
    paymentIssueKind: order.paymentIssueKind,
    rate: order.rate,
    quoteExpiresAt: order.quoteExpiresAt,
    acceptedShortfall: order.acceptedShortfall,
    keysReservedUntil: order.keysReservedUntil,
    awaitingStock: order.awaitingStock,
    stockedByKeys: fulfilmentFacts(order.product.fulfilment).stockedByKeys,
    createdAt: order.createdAt,
    events: order.events,
    paymentGiven: !!order.transactionId || !!order.paymentProofUrl,
  };
  const warning = networkWarning(paymentMethodFacts(order.paymentMethod));
  const pending = order.status === 'PENDING';
  // Once a payment is seen on chain the order can no longer be cancelled (the API refuses), nor needs its ID.
  const seen = paymentSeen(verified);
  const underpaid = order.paymentIssueKind === 'UNDERPAID';
  const request: PaymentRequest | null = !(pending && (!seen || underpaid))
    ? null
    : underpaid && order.amountDue
      ? // Pay the rest: what is still due, with its own QR code and payment request.
        {
          amount: order.amountDue,
          currency: PAYMENT_METHOD_CURRENCY[order.paymentMethod],
          address: order.cryptoAddress,
          methodLabel: method?.label ?? PAYMENT_METHOD_LABELS[order.paymentMethod],
          qrSvg: order.amountDueQrSvg,
          uri: order.amountDueUri,
          rest: true,
          networkWarning: warning,
        }
      : {
          amount: order.paymentAmountCrypto,
          currency: PAYMENT_METHOD_CURRENCY[order.paymentMethod],
          address: order.cryptoAddress,
          methodLabel: method?.label ?? PAYMENT_METHOD_LABELS[order.paymentMethod],
          qrSvg: order.paymentQrSvg,
          uri: order.paymentUri,
          partlyPaid: seen && underpaid,
          networkWarning: warning,
        };
  return (
    <VerifyOrderStatus
      order={verified}
      paymentRequest={request ? (countdown) => <PaymentRequestSection request={request} countdown={countdown} /> : null}
      refunds={<RefundsCard refunds={order.refunds} />}
      cancelButton={
        pending && !seen ? (
          <CancelOrderButton
            order={{ id: order.id, shortId: order.shortId, productName: order.product.name }}
            variant="outlined"
          />
        ) : null
      }
      transactionIdForm={
        // Underpaid: the transaction ID of the rest is what settles it.
        pending && ((!order.transactionId && !seen) || underpaid) ? (
          <AddTransactionId
            orderId={order.id}
            text={
              seen && underpaid
                ? ORDER_ACTION_TEXTS.addTransactionIdTextRest
                : onChainConfirmations !== null
                  ? ORDER_ACTION_TEXTS.addTransactionIdTextOnChain
                  : undefined
            }
          />
        ) : null
      }
    />
  );
}

/** The payment request with its Copy buttons, which put the exact text on the clipboard and say so. */
function PaymentRequestSection({ request, countdown }: { request: PaymentRequest; countdown: ReactNode }) {
  const toast = useToast();
  const copy = async (what: 'amount' | 'address', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      const copied = what === 'amount' ? PAYMENT_REQUEST_TEXTS.amountCopied : PAYMENT_REQUEST_TEXTS.addressCopied;
      toast({ ...copied, severity: 'success' });
    } catch {
      toast({ ...PAYMENT_REQUEST_TEXTS.copyFailed, severity: 'warning' });
    }
  };
  return <PaymentRequestCard request={request} countdown={countdown} onCopy={(what, text) => void copy(what, text)} />;
}

function AddTransactionId({ orderId, text }: { orderId: string; text?: string }) {
  const { submit, submitting } = useSubmitTransactionId(orderId);
  return <TransactionIdForm submitting={submitting} onSubmit={submit} text={text} />;
}

/** 'No order ID provided' / 'Order not found', with the way home (docs/product.md "Messages"). */
function VerifyProblem({ message }: { message: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
        {message}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        Check the link you followed, or find your orders in your dashboard.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }}>
        Return to Home
      </Button>
    </Container>
  );
}
