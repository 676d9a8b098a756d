import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getFragmentData, graphql } from '../../gql';
import { applyFilter, readFilter } from '../../../../common/catalogue-filter';
import { ProductCardFragment } from './ProductCard';
import { ProductCatalogue } from './ProductCatalogue';

const ProductsPageQuery = graphql(/* GraphQL */ `
  query ProductsPage {
    products {
      id
      ...ProductCard_product
    }
  }
`);

/**
 * Route /products: the active products (price ascending, as the API sorts them), narrowed and sorted by the address's
 * category, q and sort (catalogue-filter.ts); the server renders the same list for the same address.
 */
export default function ProductsPage() {
  const { data, loading, error, refetch } = useQuery(ProductsPageQuery);
  const [params] = useSearchParams();
  const filter = readFilter(params);

  useEffect(() => {
    // docs/product.md "Messages": a failed fetch is logged, the list stays empty and loading ends.
    if (error) console.error('Error fetching products:', error);
  }, [error]);

  const all = error ? [] : (data?.products ?? []);
  const shown = applyFilter(
    all.map((product) => ({ product, ...getFragmentData(ProductCardFragment, product) })),
    filter,
  ).map(({ product }) => product);
  return (
    <ProductCatalogue
      products={shown}
      total={all.length}
      filter={filter}
      loading={loading && !data}
      failed={!!error}
      onRetry={() => void refetch().catch(() => undefined)}
    />
  );
}
