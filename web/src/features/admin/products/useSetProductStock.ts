import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';

const SetProductStockMutation = graphql(/* GraphQL */ `
  mutation AdminSetProductStock($productId: ID!, $inStock: Boolean!) {
    setProductStock(productId: $productId, inStock: $inStock) {
      id
      inStock
      updatedAt
    }
  }
`);

/**
 * Marks a product in or out of stock at once (docs/product.md "States") and toasts the outcome; `pendingStock` holds
 * the chosen value per product until the server answers.
 */
export function useSetProductStock() {
  const toast = useToast();
  const [mutate] = useMutation(SetProductStockMutation);
  const [pendingStock, setPending] = useState<Record<string, boolean>>({});

  const setStock = async (productId: string, name: string, inStock: boolean): Promise<void> => {
    setPending((p) => ({ ...p, [productId]: inStock }));
    try {
      await mutate({ variables: { productId, inStock } });
      toast({
        title: inStock ? ADMIN_TEXTS.markedInStock : ADMIN_TEXTS.markedOutOfStock,
        description: name,
        severity: 'success',
      });
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.stockUpdateFailed, error));
    } finally {
      setPending(({ [productId]: _done, ...rest }) => rest);
    }
  };

  return { setStock, pendingStock };
}
