import { useApolloClient, useQuery } from '@apollo/client/react';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import type { Fulfilment } from '../../../gql/admin/graphql';
import { KeyCounts } from './KeyCounts';
import { AdminKeyStockQuery } from './keyInventory';

export interface KeyedProduct {
  id: string;
  name: string;
}

interface ProductKeysSectionProps {
  product: KeyedProduct & { fulfilment: Fulfilment; availableQuantity: number | null };
  onImport: (product: KeyedProduct) => void;
  onRevoke: (product: KeyedProduct) => void;
}

/**
 * How a product is delivered and, for one stocked by licence keys, its keys by status with the buttons that import
 * keys and revoke one. A MANUAL product says it is delivered by hand.
 */
export function ProductKeysSection({ product, onImport, onRevoke }: ProductKeysSectionProps) {
  const { label, stockedByKeys: keyed } = fulfilmentFacts(product.fulfilment);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Chip
        size="small"
        variant="outlined"
        label={label}
        color={keyed ? 'secondary' : 'default'}
        data-testid="fulfilment"
        sx={{ fontWeight: 600 }}
      />
      {keyed ? (
        <>
          <KeyStock product={product} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', width: { xs: '100%', md: 'auto' } }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileUploadOutlinedIcon aria-hidden />}
              onClick={() => onImport(product)}
              aria-label={`Import keys into ${product.name}`}
              sx={actionSx}
            >
              Import keys
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<BlockOutlinedIcon aria-hidden />}
              onClick={() => onRevoke(product)}
              aria-label={`Revoke a key of ${product.name}`}
              sx={actionSx}
            >
              Revoke a key
            </Button>
          </Stack>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          An admin delivers each order by hand.
        </Typography>
      )}
    </Stack>
  );
}

/** On phones the two buttons share the row. */
const actionSx = { flex: { xs: '1 1 0', md: 'none' }, whiteSpace: 'nowrap', minWidth: 0 } as const;

/**
 * The keys by status, fetched when the row is shown, and again by the dashboard's Refresh. They are not pushed live;
 * the product is, when its stock changes (productChanged: keys imported or revoked, by another admin too, or run
 * out), and when its available quantity then differs from these counts, they are fetched again (once per quantity:
 * an order, not pushed, can leave the two apart until the next Refresh).
 */
function KeyStock({ product }: { product: ProductKeysSectionProps['product'] }) {
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(AdminKeyStockQuery, { variables: { productId: product.id } });
  const stock = data?.adminKeyStock;
  // Once per new available quantity. A separate fetch whose answer lands in the cache, not refetch(): refetching the
  // watched query while the dashboard's Refresh is fetching it could drop Refresh's answer.
  const fetchedFor = useRef(product.availableQuantity);
  useEffect(() => {
    const quantity = product.availableQuantity;
    if (!stock || quantity === null || stock.available === quantity || fetchedFor.current === quantity) return;
    fetchedFor.current = quantity;
    client
      .query({ query: AdminKeyStockQuery, variables: { productId: product.id }, fetchPolicy: 'network-only' })
      .catch(() => undefined); // the counts stay as they were; Refresh fetches them again
  }, [client, stock, product.id, product.availableQuantity]);

  if (stock) return <KeyCounts stock={stock} label={`Licence keys of ${product.name}`} />;
  if (error) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="error">
          Could not load the key counts.
        </Typography>
        <Button size="small" onClick={() => void refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  return <Skeleton variant="rounded" width={240} height={38} aria-hidden />;
}
