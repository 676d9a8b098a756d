import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery, useSubscription } from '@apollo/client/react';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { getFragmentData, graphql } from '../../../gql';
import { KEYS_TEXTS } from './keys.texts';
import { OrderKeysPanel } from './OrderKeysPanel';
import { isExpiredSignedUrl } from './signed-url';

const OrderKeysFragment = graphql(/* GraphQL */ `
  fragment OrderKeys_order on Order {
    id
    shortId
    status
    product {
      id
      name
      fulfilment
    }
    keys {
      id
      value
    }
    keysFileUrl
    downloadUrl
  }
`);

const OrderKeysQuery = graphql(/* GraphQL */ `
  query OrderKeys($id: ID!) {
    order(id: $id) {
      id
      ...OrderKeys_order
    }
  }
`);

const OrderKeysUpdatedSubscription = graphql(/* GraphQL */ `
  subscription OrderKeysUpdated($orderId: ID!) {
    orderUpdated(orderId: $orderId) {
      id
      ...OrderKeys_order
    }
  }
`);

/** How long a copy button reads "Copied". */
const COPIED_FOR_MS = 2000;

/** Errors that mean "there is no such order of yours" rather than "try again". */
const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

interface Props {
  /** The order whose keys are open; null when closed. */
  orderId: string | null;
  onClose: () => void;
}

/**
 * Dashboard › Orders › Keys (`/dashboard?order=<id>`, linked from /verify and the delivery e-mail): the order's
 * licence keys in a dialog, full screen on a phone. Live: the payment's confirmation and the delivery a second later
 * show up without a reload.
 */
export function OrderKeysDialog({ orderId, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={!!orderId}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="order-keys-title"
      scroll="paper"
    >
      {orderId && <OrderKeysContent key={orderId} orderId={orderId} onClose={onClose} />}
    </Dialog>
  );
}

function OrderKeysContent({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const toast = useToast();
  // Read fresh each time it opens: the signed links expire.
  const { data, error, loading, refetch } = useQuery(OrderKeysQuery, {
    variables: { id: orderId },
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  // Each change of the order (paid, then delivered) is written to the cache under its id, which re-renders the
  // query above; the dashboard's card of the order follows too.
  const order = data?.order ? getFragmentData(OrderKeysFragment, data.order) : null;
  // Once the keys are there nothing more is awaited: no need for the updates (each one would carry every key again).
  const settled = order?.status === 'COMPLETED' && order.keys.length > 0;
  useSubscription(OrderKeysUpdatedSubscription, { variables: { orderId }, skip: !order || settled });

  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    ({ id, text }: { id: string; text: string }) => {
      // No clipboard outside a secure context: that fails here too, with the same advice.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(text))
        .then(
          () => {
            setCopied(id);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
          },
          () => toast({ ...KEYS_TEXTS.copyFailed, severity: 'warning' }),
        );
    },
    [toast],
  );

  // A link signed when the dialog opened expires after a while (FILE_URL_TTL_SECONDS): an old one is renewed first.
  const openSignedLink = (event: MouseEvent<HTMLAnchorElement>, field: 'keysFileUrl' | 'downloadUrl') => {
    const url = order?.[field];
    if (!url || !isExpiredSignedUrl(url)) return;
    event.preventDefault();
    void refetch()
      .then(({ data: fresh }) => {
        const renewed = fresh?.order ? getFragmentData(OrderKeysFragment, fresh.order)[field] : null;
        if (renewed) window.location.assign(renewed);
      })
      .catch(() => undefined);
  };

  let body;
  if (order) {
    body = (
      <OrderKeysPanel
        order={{
          id: order.id,
          status: order.status,
          fulfilment: order.product.fulfilment,
          keys: order.keys,
          keysFileUrl: order.keysFileUrl,
          downloadUrl: order.downloadUrl,
        }}
        copied={copied}
        onCopy={copy}
        onSignedLinkClick={openSignedLink}
      />
    );
  } else if (loading || !error) {
    body = (
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 5 }}>
        <CircularProgress color="secondary" aria-hidden />
        <Typography color="text.secondary">{KEYS_TEXTS.loading}</Typography>
      </Stack>
    );
  } else {
    const code = CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined;
    body =
      typeof code === 'string' && NOT_FOUND_CODES.has(code) ? (
        <Alert severity="warning">
          <strong>{KEYS_TEXTS.notFound}.</strong> {KEYS_TEXTS.notFoundText}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
          <Alert severity="error" sx={{ width: '100%' }}>
            {KEYS_TEXTS.loadFailed}
          </Alert>
          <RetryButton onRetry={() => void refetch().catch(() => undefined)} />
        </Stack>
      );
  }

  return (
    <>
      <DialogTitle
        component="div"
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pl: { xs: 2, sm: 3 }, pr: 1.5, pb: 1.5 }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="order-keys-title" variant="h5" component="h2">
            {KEYS_TEXTS.title}
          </Typography>
          {order && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
              {order.product.name} · Order #{order.shortId}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={KEYS_TEXTS.close} edge="end" sx={{ mt: -0.5 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {body}
        {/* Says "Copied" to screen readers too: the button's new label alone may go unannounced. */}
        <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
          {copied ? KEYS_TEXTS.copiedAnnouncement : ''}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{KEYS_TEXTS.close}</Button>
      </DialogActions>
    </>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
