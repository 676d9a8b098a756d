import AutorenewIcon from '@mui/icons-material/Autorenew';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../../common/labels';
import { kindDelivering } from '../../../../common/fulfilment-kinds';
import type { ExchangeRateFacts } from '../../../../common/exchange-rate';
import { formatUsd } from '../../../../common/pricing';
import { ExchangeRateLine } from '../../components/ExchangeRateLine';
import { useNow } from '../../components/useNow';
import { formatCountdown, remainingMs } from '../../format/countdown';
import { confirmationsLabel, formatCryptoAmount } from '../../format/crypto';
import { formatDateTime } from '../../format/date';
import { ORDER_STATUS_COLOURS } from '../../format/order-status';
import { confirmationsOf, detectedLine, type ChainPaymentView } from '../../format/payment-issue';
import { paymentIssueSeverity, type PaymentIssueKindKey } from '../../../../common/payment-issues';
import type { OrderStatus, PaymentMethod } from '../../gql/graphql';
import { MONOSPACE_FONT } from '../../theme/theme';
import { ORDER_ACTION_TEXTS } from '../orders/order-actions.texts';
import { orderKeysPath } from '../orders/order-keys-path';
import { OrderTimeline } from './OrderTimeline';

export interface VerifiedOrder {
  id: string;
  status: OrderStatus;
  transactionId: string | null;
  /** When the payment window ends (ISO). */
  paymentDueAt: string;
  /** Still PENDING after the window: the customer sent a proof or transaction ID and an admin has to look. */
  paymentOverdue: boolean;
  /** Why the store itself moved the order to this status (e.g. the payment window closed), if it did. */
  statusReason: string | null;
  productName: string;
  domainName: string | null;
  paymentMethod: PaymentMethod;
  cryptoAddress: string;
  paymentAmountCrypto: string;
  totalPrice: number;
  quantity: number;
  /** What has been delivered to the customer (licence keys, a DOWNLOAD product's file); absent: nothing. */
  delivered?: { keys: boolean; download: boolean };
  /**
   * Confirmations the method's payments need when they are read from the chain and confirmed automatically; null or
   * absent: an admin confirms them (the spec's "1 to 24 hours").
   */
  onChainConfirmations?: number | null;
  /** The latest payment to this order seen on chain (when it was detected and confirmed); null or absent: none yet. */
  payment?: (ChainPaymentView & { detectedAt?: string | null; confirmedAt?: string | null }) | null;
  /** When the order was placed (ISO); with `events`, the timeline of its steps (absent: no timeline). */
  createdAt?: string;
  /** Its status changes with their times. */
  events?: readonly { toStatus: OrderStatus; createdAt: string }[];
  /** The customer gave a transaction ID or a payment proof. */
  paymentGiven?: boolean;
  /** What is wrong with the payment, as a full sentence with the amounts (the API's `paymentIssue`). */
  paymentIssue?: string | null;
  paymentIssueKind?: PaymentIssueKindKey | null;
  /** Until when the order's licence keys are held for it while unpaid (ISO); null: it holds none. */
  keysReservedUntil?: string | null;
  /** Paid, but its keys went back to stock before the payment arrived: delivered once keys are imported. */
  awaitingStock?: boolean;
  /** The product is stocked by licence keys (KEYS or DOWNLOAD), so its keys are reserved while it is unpaid. */
  stockedByKeys?: boolean;
  /** The rate the amount was priced at; null or absent for orders placed before rates were recorded. */
  rate?: ExchangeRateFacts | null;
  /** Until when a payment is judged at the order's amount (ISO); later ones are re-quoted at the current rate. */
  quoteExpiresAt?: string | null;
  /** Dollars short of the total a payment was accepted with, within the payment tolerance. */
  acceptedShortfall?: number | null;
}

/** The quote lock on /verify (docs/payments.md "The quote lock"). */
export const PRICE_LOCK_TEXTS = {
  rateLabel: 'Exchange rate',
  /** Before the page has mounted the clock is not read (server rendering): the line says only this. */
  locked: 'Price locked',
  lockedFor: (time: string) => `Price locked for ${time}`,
  ended: 'The price lock ended: a payment sent now is re-quoted at the current rate',
  acceptedShortfall: (dollars: string) => `Accepted ${dollars} short, within the payment tolerance`,
  /** The payment window's time left, beside its deadline (issue 31). */
  windowLeft: (time: string) => `${time} left`,
} as const;

/** What the customer is told about the keys held for an unpaid order (docs/inventory.md "Reservation"). */
export const RESERVATION_TEXTS = {
  held: (quantity: number) =>
    `${quantity === 1 ? 'Your licence key is' : `Your ${quantity.toLocaleString('en-US')} licence keys are`} reserved for you until`,
  heldNext: 'Pay before then to be sure of them; after it, they go back on sale unless your payment has been seen.',
  ended:
    'The reservation of your licence keys has ended. If you pay now, your keys are delivered as long as they are in stock.',
  awaitingStock:
    'Your payment is received, but the licence keys for this order are out of stock right now. We deliver them as soon as they arrive and e-mail you. You need not do anything.',
} as const;

/** A payment was seen on chain for the order (a failed transaction paid nothing, so it does not count). */
export function paymentSeen(order: Pick<VerifiedOrder, 'payment'>): boolean {
  return !!order.payment && order.payment.status !== 'FAILED';
}

/**
 * A PENDING order's text while nothing is known of its payment (no payment seen, no transaction ID or proof given): the
 * spec's headline stays, but the text says the store waits for the payment rather than checks for one (issue 31).
 */
export const AWAITING_TEXTS = {
  manual:
    'Waiting for your payment: send it with the details below. Once it is sent, we check the blockchain for it. This may take 1 to 24 hours.',
  onChain: (confirmations: number) =>
    `Waiting for your payment: send it with the details below. It is confirmed automatically after ${confirmationsLabel(confirmations)}.`,
} as const;

/** Nothing is known of the order's payment yet: none seen on chain, no transaction ID, no proof. */
export function awaitingPayment(order: Pick<VerifiedOrder, 'status' | 'payment' | 'transactionId' | 'paymentGiven'>) {
  return order.status === 'PENDING' && !paymentSeen(order) && !order.transactionId && !order.paymentGiven;
}

export const CHAIN_TEXTS = {
  pending: (confirmations: number) =>
    `We are checking the blockchain for your payment. It is confirmed automatically after ${confirmationsLabel(confirmations)}.`,
  confirmedLine: (payment: ChainPaymentView) => `Payment confirmed — ${confirmationsOf(payment)}`,
  viewTransaction: 'View transaction',
  progressLabel: 'Confirmations of your payment',
  amountReceived: 'Amount received',
} as const;

/** A COMPLETED order whose keys or file the customer can fetch now: shown as Delivered, with the way to them. */
function isDelivered(order: VerifiedOrder): boolean {
  return order.status === 'COMPLETED' && !!(order.delivered?.keys || order.delivered?.download);
}

export const DELIVERED_TEXTS = {
  title: 'Delivered',
  file: 'Your order is complete: your download is ready.',
  viewFile: 'Go to your download',
} as const;

/**
 * What a delivered order says and its link's words: those of the fulfilment kind that delivers what the order was
 * given (common/fulfilment-kinds), or a file's alone.
 */
function deliveredTexts(order: VerifiedOrder): { delivered: string; viewDelivered: string } {
  const { keys, download } = order.delivered ?? { keys: false, download: false };
  return (
    kindDelivering({ keys, file: download })?.verify ?? {
      delivered: DELIVERED_TEXTS.file,
      viewDelivered: DELIVERED_TEXTS.viewFile,
    }
  );
}

interface Presentation {
  title: string;
  text: string;
  /** The card's accent (top border, icon) as a palette path; the Status chip takes the shared order-status colour. */
  accent: string;
  icon: ReactNode;
}

/** The four presentations of docs/product.md "Verify", a cancelled order's, and a delivered one's. */
function presentation(order: VerifiedOrder): Presentation {
  if (isDelivered(order)) {
    return {
      title: DELIVERED_TEXTS.title,
      text: deliveredTexts(order).delivered,
      accent: 'success.main',
      icon: <TaskAltIcon fontSize="inherit" />,
    };
  }
  switch (order.status) {
    case 'PENDING':
      return {
        title: 'Payment verification in progress',
        text: awaitingPayment(order)
          ? order.onChainConfirmations
            ? AWAITING_TEXTS.onChain(order.onChainConfirmations)
            : AWAITING_TEXTS.manual
          : order.onChainConfirmations
            ? CHAIN_TEXTS.pending(order.onChainConfirmations)
            : 'We are checking the blockchain for your payment. This may take 1 to 24 hours.',
        accent: 'warning.main',
        icon: <HourglassTopIcon fontSize="inherit" />,
      };
    case 'SUCCESS':
      return {
        title: 'Payment received successfully',
        text: 'Thank you! Your order is now processing.',
        accent: 'success.main',
        icon: <CheckCircleIcon fontSize="inherit" />,
      };
    case 'NOT_RECEIVED':
      return {
        title: 'Payment not detected',
        text: "We couldn't find your payment yet. If you have already sent it, our support team will sort it out.",
        accent: 'error.main',
        icon: <ErrorOutlineIcon fontSize="inherit" />,
      };
    case 'CANCELLED':
      return {
        title: 'Order cancelled',
        text: 'This order was cancelled. If you had already sent a payment for it, our support team will sort it out.',
        accent: 'text.disabled',
        icon: <CancelOutlinedIcon fontSize="inherit" />,
      };
    default:
      return {
        title: 'Processing...',
        text: "We're reviewing your payment.",
        accent: 'info.main',
        icon: <AutorenewIcon fontSize="inherit" />,
      };
  }
}

const quantityFormat = new Intl.NumberFormat('en-US');

interface Props {
  order: VerifiedOrder;
  /** "Cancel order", while the customer may cancel (PENDING). */
  cancelButton?: ReactNode;
  /** "Add your transaction ID", while the order is PENDING without one. */
  transactionIdForm?: ReactNode;
  /**
   * "Send your payment" (exact amount, address, QR code), while the order waits for its payment, given the countdown
   * (the price lock, the deadline) to show first in it.
   */
  paymentRequest?: ((countdown: ReactNode) => ReactNode) | null;
  /** A section of a colleague's feature below the request (e.g. a BTC order's own address notes); optional. */
  extra?: ReactNode;
  /** The order's refunds, with the claim form of an offered one (docs/payments.md "Refunds"). */
  refunds?: ReactNode;
}

/**
 * The order status page (docs/product.md "Verify"); it re-renders as the live subscription updates the order. A
 * PENDING order shows its payment deadline, the transaction ID form and "Cancel order" (docs/order-lifecycle.md
 * "In the web app").
 */
export function VerifyOrderStatus({ order, cancelButton, transactionIdForm, paymentRequest, refunds, extra }: Props) {
  const view = presentation(order);
  const pending = order.status === 'PENDING';
  const counting = pending && (!paymentSeen(order) || order.paymentIssueKind === 'UNDERPAID');
  const countdown = (start: boolean) =>
    counting ? (
      <Box
        data-testid="verify-countdown"
        sx={start ? { p: 1.25, borderRadius: 2, bgcolor: 'rgba(13, 148, 136, 0.08)', textAlign: 'left' } : undefined}
      >
        <PaymentDeadline order={order} start={start} />
        {!paymentSeen(order) && order.quoteExpiresAt ? <PriceLock until={order.quoteExpiresAt} start={start} /> : null}
      </Box>
    ) : null;
  // The invoice first (issue 31): with a payment request, the countdown opens it; without, the status card shows it.
  const request = paymentRequest ? paymentRequest(countdown(true)) : null;
  const delivered = isDelivered(order);
  // Delivered says it all: the store's own reason for completing the order ('Delivered automatically …') is not
  // repeated under it.
  const statusReason = delivered ? null : order.statusReason;
  const currency = PAYMENT_METHOD_CURRENCY[order.paymentMethod];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <Card
        component="section"
        aria-labelledby="verify-status-title"
        sx={{ borderTop: 4, borderTopColor: view.accent, textAlign: 'center' }}
        data-testid="verify-status"
      >
        <CardContent sx={{ p: { xs: 2, sm: 5 }, '&:last-child': { pb: { xs: 2, sm: 5 } } }}>
          {/* On a phone the icon sits beside the headline, so the payment request below starts within the screen. */}
          <Stack
            direction={{ xs: 'row', sm: 'column' }}
            spacing={{ xs: 1.5, sm: 2 }}
            sx={{ alignItems: 'center', justifyContent: 'center' }}
          >
            <Box sx={{ fontSize: { xs: 36, sm: 64 }, lineHeight: 1, color: view.accent, flexShrink: 0 }} aria-hidden>
              {view.icon}
            </Box>
            <Typography
              id="verify-status-title"
              variant="h3"
              component="h1"
              sx={{ fontSize: { xs: '1.4rem', sm: undefined }, textAlign: { xs: 'left', sm: 'center' } }}
            >
              {view.title}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mt: { xs: 1, sm: 1.5 }, maxWidth: 520, mx: 'auto' }}>
            {view.text}
          </Typography>
          {statusReason ? (
            <Typography sx={{ mt: 1.5, maxWidth: 520, mx: 'auto', fontWeight: 600 }} data-testid="verify-status-reason">
              Reason: {statusReason}
            </Typography>
          ) : null}
          {order.status === 'PENDING' && order.payment && paymentSeen(order) ? (
            <PaymentProgress payment={order.payment} />
          ) : null}
          {order.paymentIssue ? (
            <Alert
              severity={paymentIssueSeverity(order.paymentIssueKind)}
              sx={{ mt: 2.5, maxWidth: 560, mx: 'auto', textAlign: 'left' }}
              data-testid="payment-issue"
            >
              {order.paymentIssue}
            </Alert>
          ) : null}
          {delivered ? (
            <Button
              component={RouterLink}
              to={orderKeysPath(order.id)}
              variant="contained"
              color="secondary"
              size="large"
              startIcon={<KeyOutlinedIcon aria-hidden />}
              sx={{ mt: 3 }}
              data-testid="delivered-link"
            >
              {deliveredTexts(order).viewDelivered}
            </Button>
          ) : null}
          {request ? null : countdown(false)}
          {order.acceptedShortfall ? (
            <Alert
              severity="info"
              sx={{ mt: 2.5, maxWidth: 560, mx: 'auto', textAlign: 'left' }}
              data-testid="accepted-shortfall"
            >
              {PRICE_LOCK_TEXTS.acceptedShortfall(formatUsd(order.acceptedShortfall))}
            </Alert>
          ) : null}
          {request ? null : <KeyReservation order={order} />}
          {request ? null : <LiveUpdatesLine />}
        </CardContent>
      </Card>

      {request}

      {request ? <KeyReservation order={order} /> : null}

      {request ? <LiveUpdatesLine /> : null}

      {extra}

      {transactionIdForm}

      {refunds}

      {order.createdAt && order.events ? (
        <OrderTimeline
          order={{
            status: order.status,
            createdAt: order.createdAt,
            events: order.events,
            payment: order.payment ?? null,
            onChain: !!order.onChainConfirmations,
            paymentGiven: !!order.transactionId || !!order.paymentGiven,
            delivered: isDelivered(order),
          }}
        />
      ) : null}

      {order.status === 'NOT_RECEIVED' && (
        <Card component="section" aria-labelledby="need-help-title" sx={{ mt: 3 }} data-testid="need-help">
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ flexGrow: 1 }}>
                <Typography id="need-help-title" variant="h5" component="h2">
                  Need Help?
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  Contact our support team and include:
                </Typography>
                <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
                  <li>Your order ID ({order.id})</li>
                  <li>Your wallet transaction hash</li>
                  <li>A screenshot of the payment</li>
                </Box>
              </Box>
              <Button
                component={RouterLink}
                to="/support"
                variant="contained"
                size="large"
                startIcon={<SupportAgentIcon aria-hidden />}
                sx={{ flexShrink: 0 }}
              >
                Contact Support
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}

      <Card component="section" aria-labelledby="order-details-title" sx={{ mt: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography id="order-details-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            Order Details
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
              columnGap: 3,
              rowGap: { xs: 0.25, sm: 1.5 },
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, fontWeight: 600, mb: { xs: 1.5, sm: 0 }, minWidth: 0 },
            }}
          >
            <Detail label="Order ID" mono>
              {order.id}
            </Detail>
            <Detail label="Status">
              <Chip size="small" color={ORDER_STATUS_COLOURS[order.status]} label={ORDER_STATUS_LABELS[order.status]} />
            </Detail>
            <Detail label="Product">{order.productName}</Detail>
            <Detail label="Domain">{order.domainName ?? 'Not specified'}</Detail>
            <Detail label="Payment method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Detail>
            <Detail label="Wallet address" mono>
              {order.cryptoAddress}
            </Detail>
            <Detail label="Transaction ID" mono={!!(order.transactionId ?? order.payment?.txId)}>
              {order.transactionId ?? order.payment?.txId ?? 'Not provided'}
            </Detail>
            <Detail label="Payment amount">{formatCryptoAmount(order.paymentAmountCrypto, currency)}</Detail>
            {order.payment && paymentSeen(order) ? (
              <Detail label={CHAIN_TEXTS.amountReceived}>{formatCryptoAmount(order.payment.amount, currency)}</Detail>
            ) : null}
            <Detail label="Total price">{formatUsd(order.totalPrice)}</Detail>
            {order.rate ? (
              <Detail label={PRICE_LOCK_TEXTS.rateLabel} testId="order-rate">
                <ExchangeRateLine rate={order.rate} />
              </Detail>
            ) : null}
            <Detail label="Quantity">{quantityFormat.format(order.quantity)}</Detail>
          </Box>
        </CardContent>
      </Card>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Go to Dashboard
        </Button>
        <Button component={RouterLink} to="/" variant="text">
          Return to Home
        </Button>
        {cancelButton}
      </Stack>
    </Container>
  );
}

/** That the page follows the order live (a pulsing dot and a line). */
function LiveUpdatesLine() {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mt: { xs: 1.5, sm: 3 }, justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}
    >
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: 'secondary.main',
          '@keyframes verify-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } },
          animation: 'verify-pulse 2s ease-in-out infinite',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <Typography variant="body2">This page updates automatically when the status changes.</Typography>
    </Stack>
  );
}

/** "Pay by …" while the window is open; once it has closed (a proof or ID was sent), that an admin is checking. */
function PaymentDeadline({ order, start }: { order: VerifiedOrder; start?: boolean }) {
  // The deadline never breaks over two lines ("07:45" on one, "AM" on the next).
  const when = (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(order.paymentDueAt)}
    </Box>
  );
  // The window's time left, live once the page has mounted (the server's markup never depends on the clock).
  const left = remainingMs(order.paymentDueAt, useNow());
  return (
    <Box sx={start ? undefined : { mt: 2, maxWidth: 520, mx: 'auto' }} data-testid="payment-deadline">
      <Stack direction="row" spacing={1} sx={{ justifyContent: start ? 'flex-start' : 'center', alignItems: 'center' }}>
        <EventOutlinedIcon fontSize="small" color="action" aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>
          {order.paymentOverdue ? ORDER_ACTION_TEXTS.windowEnded : ORDER_ACTION_TEXTS.payBy} {when}
          {!order.paymentOverdue && left !== null && left > 0 ? (
            <>
              {' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 400, color: 'text.secondary' }}>
                {`· ${PRICE_LOCK_TEXTS.windowLeft(formatCountdown(left))}`}
              </Box>
            </>
          ) : null}
        </Typography>
      </Stack>
      {order.paymentOverdue ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {ORDER_ACTION_TEXTS.windowEndedNext}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * "Price locked for 12:03" until the order's quote lock ends, counting down once the page has mounted (the server's
 * markup never depends on the clock); after it, that a payment sent now is re-quoted at the current rate.
 */
function PriceLock({ until, start }: { until: string; start?: boolean }) {
  const left = remainingMs(until, useNow());
  const ended = left !== null && left <= 0;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        mt: 1,
        maxWidth: 520,
        mx: start ? 0 : 'auto',
        justifyContent: start ? 'flex-start' : 'center',
        alignItems: 'center',
      }}
      data-testid="price-lock"
    >
      <TimerOutlinedIcon fontSize="small" color={ended ? 'action' : 'secondary'} aria-hidden />
      {ended ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
          {PRICE_LOCK_TEXTS.ended}
        </Typography>
      ) : (
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} role="timer">
          {left === null ? PRICE_LOCK_TEXTS.locked : PRICE_LOCK_TEXTS.lockedFor(formatCountdown(left))}
        </Typography>
      )}
    </Stack>
  );
}

/** The keys held for an unpaid order and until when, a reservation that ended, or a paid order waiting for stock. */
function KeyReservation({ order }: { order: VerifiedOrder }) {
  const sx = { mt: 2.5, maxWidth: 560, mx: 'auto', textAlign: 'left' } as const;
  if (order.awaitingStock) {
    return (
      <Alert severity="info" sx={sx} data-testid="key-reservation">
        {RESERVATION_TEXTS.awaitingStock}
      </Alert>
    );
  }
  if (order.status !== 'PENDING' || !order.stockedByKeys || paymentSeen(order)) return null;
  // The server clears it when the keys go back (within seconds of the time shown), and the page updates live.
  const until = order.keysReservedUntil;
  if (until) {
    return (
      <Alert severity="info" icon={<KeyOutlinedIcon fontSize="inherit" />} sx={sx} data-testid="key-reservation">
        {RESERVATION_TEXTS.held(order.quantity)}{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
          {formatDateTime(until)}
        </Box>
        . {RESERVATION_TEXTS.heldNext}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={sx} data-testid="key-reservation">
      {RESERVATION_TEXTS.ended}
    </Alert>
  );
}

/**
 * "Payment detected — 1 of 3 confirmations" with a progress bar and the transaction on a block explorer, while the
 * order waits for its payment's confirmations (or, confirmed, for an issue to be settled).
 */
function PaymentProgress({ payment }: { payment: ChainPaymentView }) {
  const required = Math.max(payment.requiredConfirmations, 1);
  const done = Math.min(payment.confirmations, required);
  const line = payment.status === 'CONFIRMED' ? CHAIN_TEXTS.confirmedLine(payment) : detectedLine(payment);
  return (
    <Box
      sx={{
        mt: 3,
        mx: 'auto',
        maxWidth: 440,
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
      data-testid="payment-progress"
    >
      <Typography role="status" sx={{ fontWeight: 700 }} data-testid="payment-detected">
        {line}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(done / required) * 100}
        color={payment.status === 'CONFIRMED' ? 'success' : 'secondary'}
        aria-label={CHAIN_TEXTS.progressLabel}
        aria-valuetext={confirmationsOf(payment)}
        sx={{ mt: 1.5, height: 8, borderRadius: 4 }}
      />
      <Link
        href={payment.explorerUrl}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ mt: 1.5, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
      >
        {CHAIN_TEXTS.viewTransaction}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (opens in a new tab)
        </Box>
        <OpenInNewIcon sx={{ fontSize: '1rem' }} aria-hidden />
      </Link>
    </Box>
  );
}

function Detail({
  label,
  mono,
  testId,
  children,
}: {
  label: string;
  mono?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Typography component="dt">{label}</Typography>
      <Typography
        component="dd"
        data-testid={testId}
        sx={
          mono
            ? { fontFamily: MONOSPACE_FONT, fontSize: '0.9rem', wordBreak: 'break-all' }
            : { wordBreak: 'break-word' }
        }
      >
        {children}
      </Typography>
    </>
  );
}
