/**
 * The payments module's durable jobs (docs/payments.md "Reads per poll"): the poll of every configured chain and
 * the check of one typed transaction ID, and the retry of a settlement that failed.
 */
import { Metrics } from '../core/metrics';
import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { PaymentObserver } from './payment-observer';
import {
  ChainPaymentService,
  PAYMENT_CHECK_TASK,
  PAYMENT_SETTLE_TASK,
  PAYMENTS_POLL_QUEUE,
  PAYMENTS_POLL_TASK,
} from './chain-payment.service';

/**
 * Reads each configured chain: new payments to the addresses, typed IDs not found yet, confirmations. It schedules
 * its own next run (PAYMENT_POLL_SECONDS), runs once at start, and every minute as a safety net if a process died
 * mid-poll; its queue runs one poll at a time, whoever adds it.
 */
export const paymentsPollJob = defineJob({
  task: PAYMENTS_POLL_TASK,
  payload: z.object({}),
  schedule: {
    cron: '* * * * *',
    options: `?jobKey=${PAYMENTS_POLL_TASK}&jobKeyMode=preserve_run_at&queue=${PAYMENTS_POLL_QUEUE}`,
  },
  atStart: { jobKey: PAYMENTS_POLL_TASK, queue: PAYMENTS_POLL_QUEUE },
  run: async (_payload, { container }) => {
    const reports = await container.get(ChainPaymentService).poll();
    const metrics = container.get(Metrics);
    for (const report of reports) metrics.chainPoll(report.method, report.error === undefined ? 'ok' : 'error');
    return reports;
  },
});

/** Reads the transaction ID given for order `orderId` at once (at checkout or with submitTransactionId). */
export const paymentCheckJob = defineJob({
  task: PAYMENT_CHECK_TASK,
  payload: z.object({ orderId: z.string() }),
  run: ({ orderId }, { container }) => container.get(ChainPaymentService).checkOrder(orderId),
});

/** Settles order `orderId` again after a failed try (ChainPaymentService.settle); a failure here is retried. */
export const paymentSettleJob = defineJob({
  task: PAYMENT_SETTLE_TASK,
  payload: z.object({ orderId: z.string() }),
  run: ({ orderId }, { container }) => container.get(PaymentObserver).paymentsChanged(orderId),
});
