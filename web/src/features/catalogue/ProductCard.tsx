import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { bulkPrice, formatUsd } from '../../../../common/pricing';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { formatPrice } from '../../format/price';
import { stockCountLabel } from '../../format/stock';
import { ProductBadges } from './ProductBadges';
import { ProductImage } from './ProductImage';

export const ProductCardFragment = graphql(/* GraphQL */ `
  fragment ProductCard_product on Product {
    id
    slug
    name
    category
    description
    price
    inStock
    availableQuantity
    features
    image
    minQuantity
    priceTiers {
      minQuantity
      unitPrice
    }
  }
`);

/** docs/product.md "Fixed numbers": cards show at most this many features. */
const CARD_FEATURES = 3;

/**
 * The bulk price beside the listed one (issue 31): '$13.60 each at the 4,000 minimum' when every order pays it, else
 * 'From $12.50 each for 100 or more'.
 */
export function bulkPriceLine(bulk: { unitPrice: number; fromQuantity: number; atMinimum: boolean }): string {
  const price = formatUsd(bulk.unitPrice);
  const count = bulk.fromQuantity.toLocaleString('en-US');
  return bulk.atMinimum ? `${price} each at the ${count} minimum` : `From ${price} each for ${count} or more`;
}

/** One product in the /products grid: links to its page and to checkout, both disabled when out of stock. */
export function ProductCard(props: { product: FragmentType<typeof ProductCardFragment> }) {
  const product = getFragmentData(ProductCardFragment, props.product);
  const detailsTo = `/products/${product.slug}`;
  const checkoutTo = `/checkout?product=${encodeURIComponent(product.slug)}`;
  const stockCount = stockCountLabel(product);
  const bulk = bulkPrice(product);

  return (
    <Card
      component="article"
      aria-labelledby={`product-${product.id}`}
      data-testid="product-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <ProductImage src={product.image} alt={product.name} dimmed={!product.inStock} />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 2.5 }}>
        <ProductBadges category={product.category} inStock={product.inStock} />
        <Box>
          <Typography id={`product-${product.id}`} component="h2" variant="h5">
            {product.name}
          </Typography>
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ mt: 0.5, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography variant="h4" component="p" sx={{ color: 'secondary.dark' }}>
              {formatPrice(product.price)}
            </Typography>
            {bulk && (
              <Typography
                variant="body2"
                sx={{ flexBasis: '100%', order: 1, fontWeight: 600, color: 'text.secondary' }}
                data-testid="bulk-price"
              >
                {bulkPriceLine(bulk)}
              </Typography>
            )}
            {stockCount && (
              <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }} data-testid="stock-count">
                {stockCount}
              </Typography>
            )}
          </Stack>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {product.description}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
          {product.features.slice(0, CARD_FEATURES).map((feature) => (
            <Typography
              component="li"
              variant="body2"
              key={feature}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <CheckIcon fontSize="small" sx={{ color: 'secondary.main', mt: '1px' }} aria-hidden />
              {feature}
            </Typography>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 'auto', pt: 1 }}>
          {product.inStock ? (
            <>
              <Button component={RouterLink} to={detailsTo} variant="outlined" fullWidth>
                View Details
              </Button>
              <Button component={RouterLink} to={checkoutTo} variant="contained" color="secondary" fullWidth>
                Quick Checkout
              </Button>
            </>
          ) : (
            <>
              <Button variant="outlined" fullWidth disabled>
                View Details
              </Button>
              <Button variant="contained" fullWidth disabled>
                Currently Unavailable
              </Button>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
