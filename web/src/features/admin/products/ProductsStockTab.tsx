import { useQuery, useSubscription } from '@apollo/client/react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { graphql } from '../../../gql/admin';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList } from '../list/AdminList';
import { useAdminList } from '../list/useAdminList';
import { useCatchUpOnConnect } from '../useLiveConnection';
import { useCan } from '../adminAccess';
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
  const query = useQuery(AdminProductsQuery);
  const { refetch } = query;
  const list = useAdminList(query, { rows: (data) => data.adminProducts, failure: ADMIN_TEXTS.fetchProductsFailed });
  const { setStock, pendingStock } = useSetProductStock();
  const canCreate = useCan('CATALOGUE');
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
        {canCreate ? (
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon aria-hidden />}
            onClick={() => setEditing('new')}
            sx={{ flexShrink: 0 }}
          >
            New product
          </Button>
        ) : null}
      </Stack>
      <AdminList
        list={list}
        frame="paper"
        loadingLabel="Loading products..."
        empty={{ title: 'No products yet', hint: 'Products appear here once they are created with New product.' }}
        renderRows={(products) => (
          <ProductStockList
            products={products}
            pendingStock={pendingStock}
            onStockChange={(id, name, inStock) => void setStock(id, name, inStock)}
            onImportKeys={setImportInto}
            onRevokeKey={setRevokeFrom}
            onEdit={(id) => setEditing(products.find((p) => p.id === id) ?? null)}
          />
        )}
      />
      <ImportKeysDialog product={importInto} onClose={() => setImportInto(null)} />
      <RevokeKeyDialog product={revokeFrom} onClose={() => setRevokeFrom(null)} />
      <ProductEditorDialog target={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
