import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { LoadingState } from '../../components/PageState';
import { graphql } from '../../gql';
import { ProductDetails, ProductNotFound } from './ProductDetails';

const ProductDetailPageQuery = graphql(/* GraphQL */ `
  query ProductDetailPage($slug: String!) {
    product(slug: $slug) {
      id
      ...ProductDetails_product
    }
  }
`);

/**
 * Route /products/:slug: the active product with that slug, else 'Product Not Found' (docs/product.md "Product page").
 */
export default function ProductDetailPage() {
  const { slug = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ProductDetailPageQuery, { variables: { slug } });

  useEffect(() => {
    if (error) console.error('Error fetching product:', error);
  }, [error]);

  if (loading && !data) return <LoadingState label="Loading product..." />;
  if (error || !data?.product) {
    return <ProductNotFound onRetry={error ? () => void refetch().catch(() => undefined) : undefined} />;
  }
  return <ProductDetails product={data.product} />;
}
