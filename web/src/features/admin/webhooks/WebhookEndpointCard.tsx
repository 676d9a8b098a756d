import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../format/date';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { WebhookDeliveriesList } from './WebhookDeliveriesList';
import { AdminWebhookEndpointFragment, DELIVERIES_SHOWN } from './webhookQueries';

interface WebhookEndpointCardProps {
  endpoint: FragmentType<typeof AdminWebhookEndpointFragment>;
  redelivering: ReadonlySet<string>;
  onRedeliver: (deliveryId: string, eventType: string) => void;
  onDelete: (id: string, url: string) => void;
}

/** One endpoint: its URL, events and creation time, Delete, and its latest deliveries with Redeliver. */
export function WebhookEndpointCard({ endpoint, redelivering, onRedeliver, onDelete }: WebhookEndpointCardProps) {
  const e = getFragmentData(AdminWebhookEndpointFragment, endpoint);
  const titleId = `webhook-endpoint-${e.id}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="webhook-endpoint"
      sx={{ borderRadius: '16px', overflow: 'hidden' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={titleId}
            component="h2"
            sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 700, fontSize: '0.9375rem', overflowWrap: 'anywhere' }}
          >
            {e.url}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Added {formatDateTime(e.createdAt)}
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Events">
            {e.events.map((name) => (
              <Chip
                key={name}
                label={name}
                size="small"
                variant="outlined"
                sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.75rem' }}
              />
            ))}
          </Stack>
        </Box>
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<DeleteOutlinedIcon aria-hidden />}
          onClick={() => onDelete(e.id, e.url)}
          aria-label={`Delete endpoint ${e.url}`}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'flex-start' } }}
        >
          Delete
        </Button>
      </Stack>
      <Divider />
      <Typography
        component="h3"
        variant="subtitle2"
        color="text.secondary"
        sx={{ px: 2, pt: 1.5, pb: 0.5, fontWeight: 700 }}
      >
        Deliveries{e.deliveries.length >= DELIVERIES_SHOWN ? ` (latest ${DELIVERIES_SHOWN})` : ''}
      </Typography>
      <WebhookDeliveriesList deliveries={e.deliveries} redelivering={redelivering} onRedeliver={onRedeliver} />
    </Paper>
  );
}
