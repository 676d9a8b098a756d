import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList } from '../list/AdminList';
import { useAdminList } from '../list/useAdminList';
import { AddWebhookEndpointDialog } from './AddWebhookEndpointDialog';
import { DeleteWebhookEndpointDialog } from './DeleteWebhookEndpointDialog';
import { WebhookEndpointCard } from './WebhookEndpointCard';
import { ADMIN_WEBHOOKS_VARIABLES, AdminWebhooksQuery } from './webhookQueries';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useRedeliverWebhook } from './useWebhookMutations';

/**
 * Deliveries happen in background jobs (and new events arrive at any time), so the list is read again this often
 * while the tab is open.
 */
const POLL_MS = 3000;

/**
 * The Webhooks tab: the integrators' endpoints, newest first, each with its events and latest deliveries (status,
 * attempts, last status code, duration, start of the response) and Redeliver; Add endpoint (the secret shown once)
 * and Delete with confirmation.
 */
export function WebhooksTab() {
  const query = useQuery(AdminWebhooksQuery, { variables: ADMIN_WEBHOOKS_VARIABLES, pollInterval: POLL_MS });
  const { data } = query;
  const list = useAdminList(query, {
    rows: (answer) => answer.webhookEndpoints,
    failure: ADMIN_TEXTS.fetchWebhooksFailed,
  });
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: string; url: string } | null>(null);
  const { create, creating } = useCreateWebhookEndpoint();
  const { remove, deleting } = useDeleteWebhookEndpoint();
  const { redeliver, redelivering } = useRedeliverWebhook();

  return (
    <Stack spacing={2} data-testid="admin-webhooks">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          Integrators&apos; systems receive store events as signed POST requests, retried until they answer 2xx.
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={!data}
          sx={{ flexShrink: 0 }}
        >
          Add endpoint
        </Button>
      </Stack>

      {/* Each endpoint is a card of its own: only the loading, error and empty states are framed. */}
      <AdminList
        list={list}
        frame="none"
        loadingLabel="Loading webhooks..."
        empty={{
          title: 'No webhook endpoints yet',
          hint: 'Add one to send order, ticket and stock events to another system.',
        }}
        renderRows={(endpoints) =>
          endpoints.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              redelivering={redelivering}
              onRedeliver={(id, eventType) => void redeliver(id, eventType)}
              onDelete={(id, url) => setToDelete({ id, url })}
            />
          ))
        }
      />

      <AddWebhookEndpointDialog
        open={adding}
        eventTypes={data?.webhookEventTypes ?? []}
        creating={creating}
        onCreate={create}
        onClose={() => setAdding(false)}
      />
      <DeleteWebhookEndpointDialog
        endpoint={toDelete}
        deleting={deleting}
        onConfirm={(id, url) => void remove(id, url).then((gone) => gone && setToDelete(null))}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
