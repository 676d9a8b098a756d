import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { ADMIN_WEBHOOKS_VARIABLES, AdminWebhooksQuery } from './webhookQueries';

const CreateWebhookEndpointMutation = graphql(/* GraphQL */ `
  mutation AdminCreateWebhookEndpoint($input: WebhookEndpointInput!, $deliveries: Int!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
        ...AdminWebhookEndpoint_endpoint
      }
    }
  }
`);

const DeleteWebhookEndpointMutation = graphql(/* GraphQL */ `
  mutation AdminDeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

const RedeliverWebhookMutation = graphql(/* GraphQL */ `
  mutation AdminRedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      ...AdminWebhookDeliveryRow_delivery
    }
  }
`);

/** Adds an endpoint; the new endpoint goes to the top of the list (newest first) and its secret is returned once. */
export function useCreateWebhookEndpoint() {
  const [mutate, { loading }] = useMutation(CreateWebhookEndpointMutation, {
    update(cache, { data }) {
      const created = data?.createWebhookEndpoint.endpoint;
      if (!created) return;
      cache.updateQuery({ query: AdminWebhooksQuery, variables: ADMIN_WEBHOOKS_VARIABLES }, (current) =>
        current && !current.webhookEndpoints.some((e) => e.id === created.id)
          ? { ...current, webhookEndpoints: [created, ...current.webhookEndpoints] }
          : undefined,
      );
    },
  });
  const create = async (url: string, events: string[]) => {
    const { data } = await mutate({ variables: { input: { url, events }, ...ADMIN_WEBHOOKS_VARIABLES } });
    return data?.createWebhookEndpoint.secret ?? null;
  };
  return { create, creating: loading };
}

/** Deletes an endpoint (with its log) and toasts the outcome; resolves true when it is gone. */
export function useDeleteWebhookEndpoint() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(DeleteWebhookEndpointMutation);
  const remove = async (id: string, url: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'WebhookEndpoint', id }) });
          cache.gc();
        },
      });
      toast({ title: ADMIN_TEXTS.webhookDeleted, description: url, severity: 'success' });
      return true;
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.webhookDeleteFailed, error));
      return false;
    }
  };
  return { remove, deleting: loading };
}

/**
 * Sends a delivery again and toasts the outcome. The answer (status Pending) updates the row through the normalized
 * cache; the tab's polling shows the attempt's result.
 */
export function useRedeliverWebhook() {
  const toast = useToast();
  const [mutate] = useMutation(RedeliverWebhookMutation);
  const [redelivering, setRedelivering] = useState<ReadonlySet<string>>(() => new Set());

  const redeliver = async (deliveryId: string, eventType: string): Promise<void> => {
    setRedelivering((ids) => new Set(ids).add(deliveryId));
    try {
      await mutate({ variables: { deliveryId } });
      toast({
        title: ADMIN_TEXTS.redeliveryQueued,
        description: `The ${eventType} event is on its way again, with the same event id.`,
        severity: 'success',
      });
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.redeliverFailed, error));
    } finally {
      setRedelivering((ids) => {
        const next = new Set(ids);
        next.delete(deliveryId);
        return next;
      });
    }
  };

  return { redeliver, redelivering };
}
