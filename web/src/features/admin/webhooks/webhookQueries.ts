import { graphql } from '../../../gql/admin';

/** Deliveries shown per endpoint, newest first (the `$deliveries` variable of AdminWebhooks). */
export const DELIVERIES_SHOWN = 20;
export const ADMIN_WEBHOOKS_VARIABLES = { deliveries: DELIVERIES_SHOWN } as const;

export const AdminWebhookDeliveryRowFragment = graphql(/* GraphQL */ `
  fragment AdminWebhookDeliveryRow_delivery on WebhookDelivery {
    id
    eventId
    eventType
    status
    attempts
    lastStatusCode
    lastDurationMs
    lastResponse
    lastError
    nextAttemptAt
    createdAt
    deliveredAt
  }
`);

export const AdminWebhookEndpointFragment = graphql(/* GraphQL */ `
  fragment AdminWebhookEndpoint_endpoint on WebhookEndpoint {
    id
    url
    events
    createdAt
    deliveries(first: $deliveries) {
      id
      ...AdminWebhookDeliveryRow_delivery
    }
  }
`);

export const AdminWebhooksQuery = graphql(/* GraphQL */ `
  query AdminWebhooks($deliveries: Int!) {
    webhookEventTypes
    webhookEndpoints {
      id
      ...AdminWebhookEndpoint_endpoint
    }
  }
`);
