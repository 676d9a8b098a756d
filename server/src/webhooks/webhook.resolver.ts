import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WEBHOOK_EVENT_TYPES, WebhookEndpointService } from './webhook-endpoint.service';
import { CreatedWebhookEndpoint, WebhookEndpointInput } from './webhook.types';

/** Webhooks for integrators (docs/jobs-and-events.md "Webhooks"): endpoints, their delivery logs, redelivery. */
@Resolver(() => WebhookEndpoint)
export class WebhookResolver {
  constructor(
    private readonly endpoints: WebhookEndpointService,
    private readonly deliveryService: WebhookDeliveryService,
  ) {}

  @Requires(Permission.WEBHOOKS)
  @Query(() => [WebhookEndpoint], { description: 'Admin: every webhook endpoint, newest first' })
  webhookEndpoints(): Promise<WebhookEndpoint[]> {
    return this.endpoints.list();
  }

  @Requires(Permission.WEBHOOKS)
  @Query(() => [String], {
    description: 'Admin: the event names an endpoint may subscribe to (the domain events, e.g. "order.paid")',
  })
  webhookEventTypes(): readonly string[] {
    return WEBHOOK_EVENT_TYPES;
  }

  @Requires(Permission.WEBHOOKS)
  @Mutation(() => CreatedWebhookEndpoint, {
    description:
      'Admin: adds an endpoint; the answer holds its signing secret, which is never shown again. In production a URL ' +
      'whose host resolves to a loopback, private or link-local address is refused (BAD_USER_INPUT)',
  })
  createWebhookEndpoint(
    @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CreatedWebhookEndpoint> {
    return this.endpoints.create(ctx.user!, input);
  }

  @Requires(Permission.WEBHOOKS)
  @Mutation(() => Boolean, {
    description: 'Admin: deletes an endpoint and its delivery log; deliveries still queued are dropped',
  })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.endpoints.delete(ctx.user!, id);
  }

  @Requires(Permission.WEBHOOKS)
  @Mutation(() => WebhookDelivery, {
    description:
      'Admin: sends a delivery again now, with the same body and event id (a new signature), whatever its status; ' +
      'failures are retried as for a new delivery',
  })
  redeliverWebhook(@Arg('deliveryId', () => ID) deliveryId: string): Promise<WebhookDelivery> {
    return this.deliveryService.redeliver(deliveryId);
  }

  @Requires(Permission.WEBHOOKS)
  @FieldResolver(() => [WebhookDelivery], {
    description: "The endpoint's deliveries, newest first; `first` 1-100 (default 20)",
  })
  deliveries(
    @Root() endpoint: WebhookEndpoint,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
  ): Promise<WebhookDelivery[]> {
    // One query per endpoint: an admin has a handful of endpoints, not enough to be worth a batch loader.
    return this.deliveryService.ofEndpoint(endpoint.id, first);
  }
}
