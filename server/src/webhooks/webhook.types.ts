import { Field, InputType, ObjectType } from 'type-graphql';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/**
 * A new endpoint (`createWebhookEndpoint`). Both fields are nullable on purpose, as in PlaceOrderInput: a missing URL
 * or event list reaches the rules in common/webhooks.ts and comes back with their message, not GraphQL's.
 */
@InputType('WebhookEndpointInput')
export class WebhookEndpointInput {
  @Field(() => String, { nullable: true, description: 'http:// or https:// URL, at most 2048 characters' })
  url?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Event names to receive, at least one, each one of `webhookEventTypes` (e.g. "order.paid")',
  })
  events?: string[] | null;
}

@ObjectType('CreatedWebhookEndpoint')
export class CreatedWebhookEndpoint {
  @Field(() => WebhookEndpoint)
  endpoint: WebhookEndpoint;

  @Field(() => String, {
    description: 'The signing secret (HMAC-SHA256 key of Store-Signature). Shown only here: store it now',
  })
  secret: string;
}
