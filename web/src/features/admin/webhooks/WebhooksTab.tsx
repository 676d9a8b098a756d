import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { AddWebhookEndpointDialog } from './AddWebhookEndpointDialog';
import { DeleteWebhookEndpointDialog } from './DeleteWebhookEndpointDialog';
import { WebhookEndpointCard } from './WebhookEndpointCard';
import { ADMIN_WEBHOOKS_VARIABLES, AdminWebhooksQuery } from './webhookQueries';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useRedeliverWebhook } from './useWebhookMutations';
import { EmptyListState } from '../ResponsiveListFrame';

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
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(AdminWebhooksQuery, {
    variables: ADMIN_WEBHOOKS_VARIABLES,
    pollInterval: POLL_MS,
  });
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: string; url: string } | null>(null);
  const { create, creating } = useCreateWebhookEndpoint();
  const { remove, deleting } = useDeleteWebhookEndpoint();
  const { redeliver, redelivering } = useRedeliverWebhook();

  useEffect(() => {
    if (error) toast(failureToast(ADMIN_TEXTS.fetchWebhooksFailed, error));
  }, [error, toast]);

  const endpoints = data?.webhookEndpoints;
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

      {loading && !endpoints ? (
        <Paper variant="outlined" sx={{ borderRadius: '16px' }}>
          <LoadingState label="Loading webhooks..." />
        </Paper>
      ) : !endpoints ? (
        <Paper variant="outlined" sx={{ borderRadius: '16px' }}>
          <ErrorState
            message={ADMIN_TEXTS.fetchWebhooksFailed}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        </Paper>
      ) : endpoints.length === 0 ? (
        <Paper variant="outlined" sx={{ borderRadius: '16px' }}>
          <EmptyListState
            title="No webhook endpoints yet"
            hint="Add one to send order, ticket and stock events to another system."
          />
        </Paper>
      ) : (
        endpoints.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            redelivering={redelivering}
            onRedeliver={(id, eventType) => void redeliver(id, eventType)}
            onDelete={(id, url) => setToDelete({ id, url })}
          />
        ))
      )}

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
