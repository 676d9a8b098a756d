import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Where the store POSTs the events an integrator subscribed to (docs/jobs-and-events.md "Webhooks"). The secret signs
 * every delivery; it has no GraphQL field: `createWebhookEndpoint` returns it once, beside the endpoint.
 * `deliveries` is a field resolver (webhook.resolver.ts).
 */
@ObjectType('WebhookEndpoint', { description: 'An integrator endpoint that receives signed store events' })
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: 'Where deliveries are POSTed (http or https)' })
  @Column({ type: 'text' })
  url: string;

  @Field(() => [String], { description: 'The event names it receives, as in `webhookEventTypes` (e.g. order.paid)' })
  @Column({ type: 'text', array: true })
  events: string[];

  /** HMAC-SHA256 key of the Store-Signature header; never sent to a client after creation. */
  @Column({ type: 'text' })
  secret: string;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The admin who added it (null once that account is deleted). */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Field(() => Boolean, { description: 'Receives new events (every endpoint does today; there is no pause yet)' })
  @Column({ type: 'boolean', default: true })
  active: boolean;
}
