import { useQuery } from '@apollo/client/react';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { errorMessage } from '../../../apollo/errors';
import { graphql } from '../../../gql/admin';
import { OrderDialog } from './OrderDialog';

const PaymentProofQuery = graphql(/* GraphQL */ `
  query AdminPaymentProof($id: ID!) {
    order(id: $id) {
      id
      shortId
      paymentProofUrl
    }
  }
`);

/**
 * The payment proof viewer. Proof URLs are signed and expire, so it asks for a fresh one each time it
 * opens rather than using the one the list loaded earlier.
 */
export function PaymentProofDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  return (
    <OrderDialog orderId={orderId} onClose={onClose} labelledBy="proof-title">
      {(id) => <ProofContent orderId={id} onClose={onClose} />}
    </OrderDialog>
  );
}

function ProofContent({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { data, loading, error, refetch } = useQuery(PaymentProofQuery, {
    variables: { id: orderId },
    fetchPolicy: 'network-only',
  });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const order = data?.order;
  const url = order?.paymentProofUrl ?? null;

  return (
    <>
      <DialogTitle id="proof-title">Payment proof{order ? ` · Order ${order.shortId}` : ''}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', placeItems: 'center', minHeight: 240, bgcolor: 'grey.100' }}>
        {loading && !data ? (
          <CircularProgress color="secondary" aria-label="Loading payment proof" />
        ) : error && !data ? (
          <Alert severity="error">{errorMessage(error, 'Could not load the payment proof.')}</Alert>
        ) : !url ? (
          <Alert severity="info">This order has no payment proof.</Alert>
        ) : failedUrl === url ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Reload
              </Button>
            }
          >
            The image could not be loaded. Its link may have expired.
          </Alert>
        ) : (
          <Box
            component="img"
            src={url}
            alt={`Payment proof uploaded for order ${order?.shortId}`}
            onError={() => setFailedUrl(url)}
            sx={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: { xs: 'calc(100vh - 180px)', sm: '70vh' },
              minWidth: 64,
              minHeight: 64,
              objectFit: 'contain',
              imageRendering: 'auto',
              bgcolor: 'common.white',
              boxShadow: 1,
              borderRadius: 1,
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {url ? (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<OpenInNewIcon aria-hidden />}
            sx={{ mr: 'auto' }}
          >
            Open in new tab
          </Button>
        ) : null}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </>
  );
}
