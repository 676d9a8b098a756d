import { useQuery, useSubscription } from '@apollo/client/react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { useCatchUpOnConnect } from '../useLiveConnection';
import { ImportKeysDialog } from './ImportKeysDialog';
import type { KeyedProduct } from './ProductKeysSection';
import { ProductStockList } from './ProductStockList';
import { ProductEditorDialog } from './ProductEditorDialog';
import { addToProductList, AdminProductsQuery, type ListedProduct } from './productEditor';
import { RevokeKeyDialog } from './RevokeKeyDialog';
import { useSetProductStock } from './useSetProductStock';

const AdminProductChangedSubscription = graphql(/* GraphQL */ `
  subscription AdminProductChanged {
    productChanged {
      id
      name
      ...AdminProductRow_product
      ...ProductEditor_product
    }
  }
`);

/**
 * The Products Stock tab: every product, inactive ones too, name ascending, each with a stock switch, how it is
 * delivered and an Edit button (the catalogue editor, which also makes new products); products stocked by licence keys with their keys by status, an import dialog and a revoke dialog.
 * Live: a change from anywhere updates its row (normalized cache); a product not listed yet is added.
 */
export function ProductsStockTab() {
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(AdminProductsQuery);
  const { setStock, pendingStock } = useSetProductStock();
  const [importInto, setImportInto] = useState<KeyedProduct | null>(null);
  const [revokeFrom, setRevokeFrom] = useState<KeyedProduct | null>(null);
  const [editing, setEditing] = useState<ListedProduct | 'new' | null>(null);

  useSubscription(AdminProductChangedSubscription, {
    onData: ({ client, data: event }) => {
      const product = event.data?.productChanged;
      if (product) addToProductList(client.cache, product);
    },
  });

  useCatchUpOnConnect(refetch);

  useEffect(() => {
    if (error) {
      toast(failureToast(ADMIN_TEXTS.fetchProductsFailed, error));
    }
  }, [error, toast]);

  const products = data?.adminProducts;
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          Out-of-stock products stay listed in the store with purchasing disabled. Inactive products are hidden from
          customers. Products delivered with licence keys are on sale while their switch is on and keys are available.
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon aria-hidden />}
          onClick={() => setEditing('new')}
          sx={{ flexShrink: 0 }}
        >
          New product
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
        {loading && !products ? (
          <LoadingState label="Loading products..." />
        ) : !products ? (
          <ErrorState
            message={ADMIN_TEXTS.fetchProductsFailed}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        ) : (
          <ProductStockList
            products={products}
            pendingStock={pendingStock}
            onStockChange={(id, name, inStock) => void setStock(id, name, inStock)}
            onImportKeys={setImportInto}
            onRevokeKey={setRevokeFrom}
            onEdit={(id) => setEditing(products.find((p) => p.id === id) ?? null)}
          />
        )}
      </Paper>
      <ImportKeysDialog product={importInto} onClose={() => setImportInto(null)} />
      <RevokeKeyDialog product={revokeFrom} onClose={() => setRevokeFrom(null)} />
      <ProductEditorDialog target={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
