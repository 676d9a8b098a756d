/**
 * Every durable job the store runs (docs/jobs-and-events.md): the task names, what each one does, the consumers
 * every domain event is handed to, and the recurring jobs. One list, used by the API process (jobs in process,
 * the default) and by `npm run worker`.
 */
import type { Task, TaskList } from 'graphile-worker';
import type { Container } from './container';
import { DomainEvents } from './core/domain-events';
import { logger } from './core/logger';
import { MAIL_SEND_TASK, NotificationService } from './notifications/notification.service';
import { ProofRetentionService } from './orders/proof-retention.service';
import { PAYMENT_WINDOW_TASK, PaymentWindowService } from './orders/payment-window.service';
import { WEBHOOK_DELIVER_TASK, WebhookDeliveryService } from './webhooks/webhook-delivery.service';

/**
 * Each domain event gets one job, `events:dispatch`, which hands it to every consumer in turn: e-mail, then
 * webhooks. Consumers are idempotent (one outbox message per event and kind, one delivery per endpoint and event),
 * so a retried dispatch redoes nothing that was done. One job per event rather than one per consumer: every job
 * costs its own insert, fetch and completion, and during a burst of checkouts that cost is paid on the same machine
 * (measured: README "Performance").
 */
export const EVENTS_DISPATCH_TASK = 'events:dispatch';
export const EVENT_CONSUMER_TASKS: readonly string[] = [EVENTS_DISPATCH_TASK];

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
    [EVENTS_DISPATCH_TASK]: async (payload) => {
      const { eventId } = payload as { eventId: string };
      const event = await container.get(DomainEvents).find(eventId);
      if (!event) {
        logger.warn({ eventId }, 'Domain event not found: nothing to dispatch');
        return;
      }
      await container.get(NotificationService).handleEvent(event);
      await container.get(WebhookDeliveryService).handleEvent(event);
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
