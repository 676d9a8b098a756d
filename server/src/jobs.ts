/**
 * Every durable job the store runs (docs/jobs-and-events.md): the task names, what each one does, the consumers
 * every domain event is handed to, and the recurring jobs. One list, used by the API process (jobs in process,
 * the default) and by `npm run worker`.
 */
import type { Task, TaskList } from 'graphile-worker';
import type { Container } from './container';
import { DISPATCH_EVENT_TASK, DISPATCH_PENDING_TASK, DomainEventDispatcher } from './core/domain-events';
import { logger } from './core/logger';
import { MAIL_SEND_TASK, NotificationService } from './notifications/notification.service';
import { DELIVERY_TASK, DeliveryService } from './orders/delivery.service';
import { RESERVATION_END_TASK, RESERVATION_SWEEP_TASK } from './orders/key-reservation';
import { KeyReservations } from './orders/key-reservation.service';
import { ProofRetentionService } from './orders/proof-retention.service';
import { PAYMENT_WINDOW_TASK, PaymentWindowService } from './orders/payment-window.service';
import {
  ChainPaymentService,
  PAYMENT_CHECK_TASK,
  PAYMENTS_POLL_QUEUE,
  PAYMENTS_POLL_TASK,
} from './payments/chain-payment.service';
import { WEBHOOK_DELIVER_TASK, WebhookDeliveryService } from './webhooks/webhook-delivery.service';

export const PROOF_SWEEP_TASK = 'proofs:sweep';

/**
 * The tasks of the webhook runner, which has workers of its own (WEBHOOK_CONCURRENCY): an integrator's endpoint
 * decides how long an attempt takes (up to 10 s), so one that never answers must not hold the workers that deliver
 * keys, confirm payments, end payment windows and send mail. Every other task runs on the core runner.
 */
export const WEBHOOK_RUNNER_TASKS: readonly string[] = [WEBHOOK_DELIVER_TASK];

/**
 * Recurring jobs, in graphile-worker's crontab format. Domain events are dispatched when the bus wakes the
 * dispatcher; the minutely run catches those whose wake-up was lost (a process that died between a commit and its
 * dispatch, a dispatcher that failed).
 */
export const CRONTAB = [
  `0 * * * * ${PROOF_SWEEP_TASK}`,
  `* * * * * ${RESERVATION_SWEEP_TASK}`,
  `* * * * * ${DISPATCH_PENDING_TASK}`,
  // The chain poll schedules its own next run (PAYMENT_POLL_SECONDS); this restarts it if a process died mid-poll.
  `* * * * * ${PAYMENTS_POLL_TASK} ?jobKey=${PAYMENTS_POLL_TASK}&jobKeyMode=preserve_run_at&queue=${PAYMENTS_POLL_QUEUE}`,
].join('\n');

/** A task whose payload names an order. */
const withOrderId = (run: (orderId: string) => Promise<unknown>): Task => {
  return async (payload) => {
    const { orderId } = payload as { orderId: string };
    await run(orderId);
  };
};

export function jobTasks(container: Container): TaskList {
  return {
    [PAYMENT_WINDOW_TASK]: withOrderId((orderId) => container.get(PaymentWindowService).close(orderId)),
    [DELIVERY_TASK]: withOrderId((orderId) => container.get(DeliveryService).deliver(orderId)),
    [RESERVATION_END_TASK]: withOrderId((orderId) => container.get(KeyReservations).end(orderId)),
    [RESERVATION_SWEEP_TASK]: async () => {
      const released = await container.get(KeyReservations).sweep();
      if (released > 0) logger.info({ released }, 'Key reservations that ended unpaid released by the sweep');
    },
    [PAYMENT_CHECK_TASK]: withOrderId((orderId) => container.get(ChainPaymentService).checkOrder(orderId)),
    [PAYMENTS_POLL_TASK]: async () => {
      await container.get(ChainPaymentService).poll();
    },
    [DISPATCH_EVENT_TASK]: async (payload) => {
      const { eventId } = payload as { eventId: string };
      await container.get(DomainEventDispatcher).dispatchOne(eventId);
    },
    [DISPATCH_PENDING_TASK]: async () => {
      await container.get(DomainEventDispatcher).dispatchPending();
    },
    [MAIL_SEND_TASK]: async (payload, helpers) => {
      const { notificationId } = payload as { notificationId: string };
      await container
        .get(NotificationService)
        .send(notificationId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    },
    [WEBHOOK_DELIVER_TASK]: async (payload, helpers) => {
      const { deliveryId } = payload as { deliveryId: string };
      await container
        .get(WebhookDeliveryService)
        .deliver(deliveryId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    },
    [PROOF_SWEEP_TASK]: async () => {
      const deleted = await container.get(ProofRetentionService).sweep();
      if (deleted > 0) logger.info({ deleted }, 'Payment proofs of orders that ended unpaid deleted');
    },
  };
}
