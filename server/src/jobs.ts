/**
 * The store's durable jobs and domain-event consumers (docs/jobs-and-events.md), listed. Each is declared by the module
 * that owns it (`defineJob` beside its service: task, payload schema, runner, schedule); this list is all the API
 * process (jobs in process, the default) and `npm run worker` need to run them.
 */
import type { TaskList } from 'graphile-worker';
import type { Container } from './container';
import { dispatchEventJob, dispatchPendingJob, type DomainEventConsumer } from './core/domain-events';
import type { JobDefinition, JobRunnerName } from './core/job-definition';
import type { JobSpec } from './core/job-queue';
import { passwordResetMailJob } from './accounts/account-recovery.service';
import { keyFingerprintsJob } from './inventory/inventory.service';
import { mailSendJob, NotificationService } from './notifications/notification.service';
import { DeliveryService, deliveryJob } from './orders/delivery.service';
import { heldQuoteSweepJob } from './orders/held-quote.service';
import { reservationEndJob, reservationSweepJob } from './orders/key-reservation.service';
import { paymentWindowJob, PaymentWindowService } from './orders/payment-window.service';
import { proofSweepJob } from './orders/proof-retention.service';
import { paymentCheckJob, paymentSettleJob, paymentsPollJob } from './payments/chain-payment.jobs';
import { ratesRefreshJob } from './rates/rate.jobs';
import { refundCheckJob } from './refunds/refund.service';
import { webhookDeliverJob, WebhookDeliveryService } from './webhooks/webhook-delivery.service';

export const JOBS: readonly JobDefinition[] = [
  paymentWindowJob,
  deliveryJob,
  reservationEndJob,
  reservationSweepJob,
  heldQuoteSweepJob,
  paymentCheckJob,
  paymentSettleJob,
  paymentsPollJob,
  ratesRefreshJob,
  dispatchEventJob,
  dispatchPendingJob,
  mailSendJob,
  passwordResetMailJob,
  webhookDeliverJob,
  proofSweepJob,
  keyFingerprintsJob,
  refundCheckJob,
];

/** The consumers every domain event batch is handed to, in this order (each takes the types it `consumes`). */
export function eventConsumers(container: Container): DomainEventConsumer[] {
  return [
    container.get(PaymentWindowService),
    container.get(DeliveryService),
    container.get(NotificationService),
    container.get(WebhookDeliveryService),
  ];
}

/** The recurring jobs, in graphile-worker's crontab format (the core runner's). */
export const CRONTAB = JOBS.flatMap((job) =>
  job.schedule ? [[job.schedule.cron, job.task, job.schedule.options].filter(Boolean).join(' ')] : [],
).join('\n');

/** The jobs queued whenever jobs start. */
export const START_JOBS: readonly JobSpec[] = JOBS.flatMap((job) => (job.atStart ? [job.spec({}, job.atStart)] : []));

/**
 * The task list of one runner: each task reads its payload through its schema (a row that does not fit is a failed
 * attempt, logged with the task, never a cast) and runs with the container and its attempt.
 */
export function jobTasks(container: Container, runner: JobRunnerName): TaskList {
  return Object.fromEntries(
    JOBS.filter((job) => job.runner === runner).map((job) => [
      job.task,
      async (payload: unknown, helpers: { job: { attempts: number; max_attempts: number } }) => {
        const parsed = job.payload.safeParse(payload ?? {});
        if (!parsed.success) throw new Error(`Job ${job.task} has a payload it cannot read: ${parsed.error.message}`);
        await job.run(parsed.data, { container, attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
      },
    ]),
  );
}
