import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../../gql';
import { ProductCatalogue } from './ProductCatalogue';

const ProductsPageQuery = graphql(/* GraphQL */ `
  query ProductsPage {
    products {
      id
      ...ProductCard_product
    }
  }
`);

/** Route /products: loads the active products (price ascending, as the API sorts them). */
export default function ProductsPage() {
  const { data, loading, error, refetch } = useQuery(ProductsPageQuery);

  useEffect(() => {
    // docs/product.md "Messages": a failed fetch is logged, the list stays empty and loading ends.
    if (error) console.error('Error fetching products:', error);
  }, [error]);

  return (
    <ProductCatalogue
      products={error ? [] : (data?.products ?? [])}
      loading={loading && !data}
      failed={!!error}
      onRetry={() => void refetch().catch(() => undefined)}
    />
  );
}
