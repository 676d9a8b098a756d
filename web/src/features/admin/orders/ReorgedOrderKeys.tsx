import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../apollo/errors';
import { graphql } from '../../../gql/admin';

const ReorgedOrderKeysQuery = graphql(/* GraphQL */ `
  query AdminReorgedOrderKeys($id: ID!) {
    order(id: $id) {
      id
      keysFileUrl
      keys {
        id
        value
      }
    }
  }
`);

/** Keys shown in the dialog; the rest are in the file. */
const SHOWN = 20;

/**
 * What a paid order whose payment a chain reorganisation took back has already handed out (docs/payments.md
 * "Reorganisations"): its delivered licence keys, for the admin to revoke or leave. Read only for such an order, so
 * opening an ordinary order decrypts nothing.
 */
export function ReorgedOrderKeys({ orderId }: { orderId: string }) {
  const { data, error } = useQuery(ReorgedOrderKeysQuery, { variables: { id: orderId } });
  if (error) return <Alert severity="error">{errorMessage(error, 'Could not read the delivered keys.')}</Alert>;
  const order = data?.order;
  if (!order) return null;
  if (order.keys.length === 0) {
    return <Typography color="text.secondary">No licence keys were delivered for this order.</Typography>;
  }
  return (
    <Box component="section" aria-labelledby="reorged-keys-title">
      <Typography id="reorged-keys-title" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Delivered before the payment was taken back: {order.keys.length} licence key
        {order.keys.length === 1 ? '' : 's'}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {order.keys.slice(0, SHOWN).map((key) => (
          <li key={key.id}>{key.value}</li>
        ))}
      </Box>
      {order.keysFileUrl ? (
        <Link href={order.keysFileUrl} download>
          Download all {order.keys.length} as a text file
        </Link>
      ) : null}
    </Box>
  );
}
