/**
 * Every durable job the store runs (docs/jobs-and-events.md): the task names, what each one does, the consumers
 * every domain event is handed to, and the recurring jobs. One list, used by the API process (jobs in process,
 * the default) and by `npm run worker`.
 */
import type { Task, TaskList } from 'graphile-worker';
import type { Container } from './container';
import { logger } from './core/logger';
import { MAIL_SEND_TASK, NOTIFICATIONS_EVENT_TASK, NotificationService } from './notifications/notification.service';
import { ProofRetentionService } from './orders/proof-retention.service';
import { PAYMENT_WINDOW_TASK, PaymentWindowService } from './orders/payment-window.service';
import { WEBHOOK_DELIVER_TASK, WEBHOOKS_EVENT_TASK, WebhookDeliveryService } from './webhooks/webhook-delivery.service';

/** The tasks each domain event is handed to (one job per consumer and event). */
export const EVENT_CONSUMER_TASKS: readonly string[] = [NOTIFICATIONS_EVENT_TASK, WEBHOOKS_EVENT_TASK];

export const PROOF_SWEEP_TASK = 'proofs:sweep';

/** Recurring jobs, in graphile-worker's crontab format. */
export const CRONTAB = `0 * * * * ${PROOF_SWEEP_TASK}`;

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
    [NOTIFICATIONS_EVENT_TASK]: async (payload) => {
      await container.get(NotificationService).handleEvent((payload as { eventId: string }).eventId);
    },
    [MAIL_SEND_TASK]: async (payload, helpers) => {
      const { notificationId } = payload as { notificationId: string };
      await container
        .get(NotificationService)
        .send(notificationId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
    },
    [WEBHOOKS_EVENT_TASK]: async (payload) => {
      await container.get(WebhookDeliveryService).handleEvent((payload as { eventId: string }).eventId);
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
