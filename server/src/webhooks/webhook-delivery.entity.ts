import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { deliveryBodyText } from './webhook-body';

/**
 * Where a delivery is: PENDING (its first attempt or a retry is due), SUCCEEDED (the endpoint answered 2xx), FAILED
 * (every attempt failed; `redeliverWebhook` tries again).
 */
export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  SUCCEEDED = 'SUCCEEDED',
  FAILED = 'FAILED',
}

registerEnumType(WebhookDeliveryStatus, { name: 'WebhookDeliveryStatus' });

/**
 * One event for one endpoint (docs/jobs-and-events.md "Webhooks"): the body as sent, byte for byte, on every
 * attempt, and the log of the last attempt. Unique per endpoint and event.
 */
@ObjectType('WebhookDelivery', { description: 'One event sent (or being sent) to one webhook endpoint' })
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @Field(() => ID, { description: 'The domain event; also the Store-Event-Id header and the body\'s "id"' })
  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Field(() => String, { description: 'The event name, e.g. order.paid' })
  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  /** The body as JSON; `body` is its text, the same bytes on every attempt. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Field(() => String, { description: 'The JSON body exactly as sent (every attempt sends these bytes)' })
  get body(): string {
    return deliveryBodyText(this.payload);
  }

  @Field(() => WebhookDeliveryStatus)
  @Column({ type: 'text', default: WebhookDeliveryStatus.PENDING })
  status: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts so far, redeliveries included' })
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status (null: no response)" })
  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Field(() => Int, { nullable: true, description: 'How long the last attempt took, in milliseconds' })
  @Column({ name: 'last_duration_ms', type: 'integer', nullable: true })
  lastDurationMs: number | null;

  @Field(() => String, { nullable: true, description: "The start of the last response's body (1,000 characters)" })
  @Column({ name: 'last_response', type: 'text', nullable: true })
  lastResponse: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last attempt got no response (refused, timed out, address not allowed, redirect)',
  })
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due, while PENDING' })
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the endpoint answered 2xx' })
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}
