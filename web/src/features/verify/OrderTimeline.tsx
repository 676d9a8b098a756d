import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { formatDateTime } from '../../format/date';
import type { OrderStatus } from '../../gql/graphql';

/** The order's steps as the customer reads them (issue 31): where it is and when each step happened. */
export const TIMELINE_TEXTS = {
  title: 'Order progress',
  placed: 'Awaiting payment',
  placedDetail: (time: string) => `Order placed ${time}`,
  detected: 'Payment detected',
  sent: 'Payment sent',
  sentDetail: 'You gave us its transaction ID or a proof: we are checking it.',
  confirmations: 'Confirmations',
  confirmationsDetail: (done: number, required: number) => `${Math.min(done, required)} of ${required}`,
  paid: 'Paid',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  notReceived: 'Payment not detected',
  viewTransaction: 'View transaction',
  current: '(current step)',
} as const;

export type TimelineState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineStep {
  key: 'placed' | 'detected' | 'confirmations' | 'paid' | 'delivered' | 'cancelled' | 'notReceived';
  label: string;
  state: TimelineState;
  /** When it happened (ISO); null when not (yet) known. */
  at: string | null;
  detail?: string;
  /** The transaction on a block explorer, once a payment is seen. */
  explorerUrl?: string;
}

export interface TimelineOrder {
  status: OrderStatus;
  createdAt: string;
  /** Status changes, oldest first or not: each step takes its first. */
  events: readonly { toStatus: OrderStatus; createdAt: string }[];
  /** A payment read from the chain (not a failed one). */
  payment: {
    detectedAt?: string | null;
    confirmedAt?: string | null;
    confirmations: number;
    requiredConfirmations: number;
    status: string;
    explorerUrl: string;
  } | null;
  /** The method's payments are confirmed on chain (so a confirmations step shows). */
  onChain: boolean;
  /** The customer gave a transaction ID or a proof. */
  paymentGiven: boolean;
  /** What was paid for has been delivered (keys, a file). */
  delivered: boolean;
}

const PAID: readonly OrderStatus[] = ['SUCCESS', 'PROCESSING', 'COMPLETED'];

/** The first time the order entered one of `statuses`. */
function firstAt(order: TimelineOrder, statuses: readonly OrderStatus[]): string | null {
  const times = order.events
    .filter((e) => statuses.includes(e.toStatus))
    .map((e) => e.createdAt)
    .sort();
  return times[0] ?? null;
}

/**
 * The steps, from the order's events and its chain payment: awaiting payment → payment detected (or sent, for a
 * method an admin confirms) → confirmations (on chain) → paid → delivered; a cancelled order or one whose payment was
 * not detected ends there. Exactly one step is current while the order is under way.
 */
export function timelineSteps(order: TimelineOrder): TimelineStep[] {
  const paid = PAID.includes(order.status);
  const seen = !!order.payment && order.payment.status !== 'FAILED';
  const confirmed = seen && order.payment?.status === 'CONFIRMED';
  const steps: TimelineStep[] = [
    {
      key: 'placed',
      label: TIMELINE_TEXTS.placed,
      state: 'done',
      at: order.createdAt,
      detail: TIMELINE_TEXTS.placedDetail(formatDateTime(order.createdAt)),
    },
  ];
  if (order.onChain || seen) {
    steps.push({
      key: 'detected',
      label: TIMELINE_TEXTS.detected,
      state: seen || paid ? 'done' : 'upcoming',
      at: seen ? (order.payment?.detectedAt ?? null) : null,
      // While the order is pending, the confirmations box at the top carries the link (one link per page).
      explorerUrl: seen && order.status !== 'PENDING' ? order.payment?.explorerUrl : undefined,
    });
    steps.push({
      key: 'confirmations',
      label: TIMELINE_TEXTS.confirmations,
      state: confirmed || paid ? 'done' : 'upcoming',
      at: confirmed ? (order.payment?.confirmedAt ?? null) : null,
      detail:
        seen && order.payment
          ? TIMELINE_TEXTS.confirmationsDetail(order.payment.confirmations, order.payment.requiredConfirmations)
          : undefined,
    });
  } else {
    steps.push({
      key: 'detected',
      label: TIMELINE_TEXTS.sent,
      state: order.paymentGiven || paid ? 'done' : 'upcoming',
      at: null,
      detail: order.paymentGiven && !paid ? TIMELINE_TEXTS.sentDetail : undefined,
    });
  }
  steps.push({ key: 'paid', label: TIMELINE_TEXTS.paid, state: paid ? 'done' : 'upcoming', at: firstAt(order, PAID) });
  const deliveredAt = order.status === 'COMPLETED' ? firstAt(order, ['COMPLETED']) : null;
  steps.push({
    key: 'delivered',
    label: TIMELINE_TEXTS.delivered,
    state: order.status === 'COMPLETED' && order.delivered ? 'done' : 'upcoming',
    at: deliveredAt,
  });

  if (order.status === 'CANCELLED' || order.status === 'NOT_RECEIVED') {
    // The order stopped: the steps it reached, then why.
    const reached = steps.filter((s) => s.state === 'done');
    const cancelled = order.status === 'CANCELLED';
    return [
      ...reached,
      {
        key: cancelled ? 'cancelled' : 'notReceived',
        label: cancelled ? TIMELINE_TEXTS.cancelled : TIMELINE_TEXTS.notReceived,
        state: 'failed',
        at: firstAt(order, [order.status]),
      },
    ];
  }
  const next = steps.find((s) => s.state === 'upcoming');
  if (next) next.state = 'current';
  return steps;
}

const ICON_COLOUR: Record<TimelineState, string> = {
  done: 'success.main',
  current: 'secondary.main',
  upcoming: 'text.disabled',
  failed: 'error.main',
};

function StepIcon({ state }: { state: TimelineState }) {
  const sx = { fontSize: 22, color: ICON_COLOUR[state] };
  if (state === 'done') return <CheckCircleIcon sx={sx} aria-hidden />;
  if (state === 'failed') return <ErrorIcon sx={sx} aria-hidden />;
  if (state === 'current') {
    return (
      <Box
        aria-hidden
        sx={{
          width: 22,
          height: 22,
          borderRadius: '50%',
          border: 3,
          borderColor: 'secondary.main',
          display: 'grid',
          placeItems: 'center',
          '&::after': { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: 'secondary.main' },
        }}
      />
    );
  }
  return <RadioButtonUncheckedIcon sx={sx} aria-hidden />;
}

/** The order's progress with times, below the payment request (issue 31). */
export function OrderTimeline({ order }: { order: TimelineOrder }) {
  const steps = timelineSteps(order);
  return (
    <Card component="section" aria-labelledby="order-timeline-title" sx={{ mt: 3 }} data-testid="order-timeline">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="order-timeline-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {TIMELINE_TEXTS.title}
        </Typography>
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {steps.map((step, index) => (
            <Box
              component="li"
              key={step.key}
              aria-current={step.state === 'current' ? 'step' : undefined}
              data-state={step.state}
              data-testid={`timeline-${step.key}`}
              sx={{ display: 'grid', gridTemplateColumns: '22px 1fr', columnGap: 1.5, position: 'relative' }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <StepIcon state={step.state} />
                {index < steps.length - 1 ? (
                  <Box
                    aria-hidden
                    sx={{
                      flexGrow: 1,
                      width: 2,
                      minHeight: 16,
                      my: 0.5,
                      bgcolor: step.state === 'done' ? 'success.light' : 'divider',
                    }}
                  />
                ) : null}
              </Box>
              <Box sx={{ pb: index < steps.length - 1 ? 2 : 0, minWidth: 0 }}>
                <Typography
                  sx={{
                    fontWeight: step.state === 'upcoming' ? 500 : 700,
                    color: step.state === 'upcoming' ? 'text.secondary' : 'text.primary',
                    lineHeight: '22px',
                  }}
                >
                  {step.label}
                  {step.state === 'current' ? (
                    <Box component="span" sx={visuallyHidden}>{` ${TIMELINE_TEXTS.current}`}</Box>
                  ) : null}
                </Typography>
                {step.at && step.key !== 'placed' ? (
                  <Typography variant="body2" color="text.secondary" component="p">
                    <Box component="time" dateTime={step.at}>
                      {formatDateTime(step.at)}
                    </Box>
                  </Typography>
                ) : null}
                {step.detail ? (
                  <Typography variant="body2" color="text.secondary">
                    {step.detail}
                  </Typography>
                ) : null}
                {step.explorerUrl ? (
                  <Link
                    href={step.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="body2"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
                  >
                    {TIMELINE_TEXTS.viewTransaction}
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (opens in a new tab)
                    </Box>
                    <OpenInNewIcon sx={{ fontSize: '1rem' }} aria-hidden />
                  </Link>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
