import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { bulkPrice, quoteTotal } from '../../../../common/pricing';
import { bulkPriceLine } from './ProductCard';
import { MESSAGES } from '../../../../common/validation';
import { fulfilmentFacts, type FulfilmentKey } from '../../../../common/fulfilment-kinds';
import { formatPrice } from '../../format/price';
import { methodsSentence, useStoreInfo, type StoreInfo } from '../../store/useStoreInfo';
import { stockCountLabel } from '../../format/stock';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { ProductBadges } from './ProductBadges';
import { ProductImage } from './ProductImage';

export const ProductDetailsFragment = graphql(/* GraphQL */ `
  fragment ProductDetails_product on Product {
    id
    slug
    name
    category
    description
    longDescription
    price
    inStock
    availableQuantity
    features
    image
    minQuantity
    fulfilment
    priceTiers {
      minQuantity
      unitPrice
    }
  }
`);

/**
 * What the purchase card says: the methods the shop takes (never a method it has not set up) and how this product's
 * kind is delivered (common/fulfilment-kinds).
 */
function purchaseNote(methods: StoreInfo['acceptedMethods'], fulfilment: FulfilmentKey): string {
  const pay = methods.length > 0 ? `Pay with ${methodsSentence(methods.map((m) => m.label))}. ` : '';
  return `${pay}${fulfilmentFacts(fulfilment).deliveryPromise}`;
}

function BackToProducts() {
  return (
    <Button component={RouterLink} to="/products" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
      Back to Products
    </Button>
  );
}

/** Purchase Now / Contact Support, or the disabled purchase button when out of stock. */
function PurchaseButton({
  inStock,
  to,
  label,
  onDark = false,
}: {
  inStock: boolean;
  to: string;
  label: string;
  onDark?: boolean;
}) {
  const common = {
    variant: 'contained',
    color: 'secondary',
    size: 'large',
    startIcon: <ShoppingCartOutlinedIcon />,
    // The theme's disabled grey vanishes on the navy call-to-action card.
    sx: onDark
      ? { '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.14)', color: 'rgba(255,255,255,0.7)' } }
      : undefined,
  } as const;
  return inStock ? (
    <Button {...common} component={RouterLink} to={to}>
      {label}
    </Button>
  ) : (
    <Button {...common} disabled>
      {label}
    </Button>
  );
}

/**
 * The product page (docs/product.md "Product page"): picture, badges, price, notices, features, purchase, About and a
 * closing call.
 */
export function ProductDetails(props: { product: FragmentType<typeof ProductDetailsFragment> }) {
  const product = getFragmentData(ProductDetailsFragment, props.product);
  const checkoutTo = `/checkout?product=${encodeURIComponent(product.slug)}`;
  // Sold in bulk only (docs/product.md "Fixed numbers"): a minimum above one, as checkout reads it.
  const bulk = product.minQuantity > 1 ? quoteTotal(product, product.minQuantity) : null;
  const price = formatPrice(product.price);
  const stockCount = stockCountLabel(product);
  const { acceptedMethods } = useStoreInfo();
  // The listed price is the spec's; what a quantity actually pays per unit, when lower, stands beside it.
  const lowest = bulkPrice(product);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <BackToProducts />
      <Grid container spacing={{ xs: 3, md: 6 }} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ overflow: 'hidden' }}>
            <ProductImage src={product.image} alt={product.name} dimmed={!product.inStock} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2.5}>
            <ProductBadges category={product.category} inStock={product.inStock} />
            <Typography variant="h1" sx={{ fontSize: 'clamp(1.75rem, 4vw, 2.5rem)' }}>
              {product.name}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
              {product.description}
            </Typography>
            <Box>
              <Typography component="p" variant="h2" sx={{ color: 'secondary.dark' }} data-testid="product-price">
                {price}
              </Typography>
              {lowest && (
                <Typography sx={{ fontWeight: 600, color: 'text.secondary' }} data-testid="bulk-price">
                  {bulkPriceLine(lowest)}
                </Typography>
              )}
              {stockCount && (
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', mt: 1, color: 'success.main' }}
                  data-testid="stock-count"
                >
                  <Inventory2OutlinedIcon fontSize="small" aria-hidden />
                  <Typography sx={{ fontWeight: 600 }}>{stockCount}</Typography>
                </Stack>
              )}
            </Box>
            {bulk && (
              <Alert severity="info" data-testid="bulk-notice">
                <AlertTitle>Bulk orders only</AlertTitle>
                Orders for this product are bulk only: minimum {product.minQuantity} keys at{' '}
                {formatPrice(bulk.unitPrice)} per key ({formatPrice(bulk.totalPrice)} total).
              </Alert>
            )}
            {!product.inStock && (
              <Alert severity="warning" data-testid="out-of-stock">
                {MESSAGES.outOfStockDetail}
              </Alert>
            )}
            {product.features.length > 0 && (
              <Box>
                <Typography component="h2" variant="h5" sx={{ mb: 1.5 }}>
                  Features
                </Typography>
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
                  {product.features.map((feature) => (
                    <Typography
                      component="li"
                      key={feature}
                      sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}
                    >
                      <CheckCircleIcon fontSize="small" sx={{ color: 'secondary.main', mt: '2px' }} aria-hidden />
                      {feature}
                    </Typography>
                  ))}
                </Box>
              </Box>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
              <PurchaseButton inStock={product.inStock} to={checkoutTo} label="Purchase Now" />
              <Button component={RouterLink} to="/support" variant="outlined" size="large">
                Contact Support
              </Button>
            </Stack>
          </Stack>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="about-product" sx={{ mt: { xs: 5, md: 8 } }}>
        <Card sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography id="about-product" component="h2" variant="h3">
            About {product.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2, lineHeight: 1.75, maxWidth: '75ch' }}>
            {product.longDescription || product.description}
          </Typography>
        </Card>
      </Box>

      <Card
        component="section"
        aria-labelledby="purchase-cta"
        sx={{
          mt: 4,
          mb: 2,
          p: { xs: 3, md: 5 },
          textAlign: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          border: 'none',
        }}
      >
        <Typography id="purchase-cta" component="h2" variant="h3">
          Ready to get started?
        </Typography>
        <Typography sx={{ mt: 1, mb: 3, opacity: 0.85 }}>
          {product.inStock
            ? purchaseNote(acceptedMethods, product.fulfilment)
            : 'This product is out of stock right now. Contact support to ask about availability.'}
        </Typography>
        <PurchaseButton inStock={product.inStock} to={checkoutTo} label={`Purchase Now - ${price}`} onDark />
      </Card>
    </Container>
  );
}

/** 'Product Not Found' (docs/product.md "Product page"): no active product has this slug, or it could not be loaded. */
export function ProductNotFound({ onRetry }: { onRetry?: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h2" component="h1" sx={{ mt: 1 }}>
        Product Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {onRetry
          ? "We couldn't load this product right now. Please try again in a moment."
          : "The product you're looking for doesn't exist or is no longer available."}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4, justifyContent: 'center' }}>
        <Button component={RouterLink} to="/products" variant="contained" size="large">
          View All Products
        </Button>
        {onRetry && (
          <Button variant="outlined" size="large" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Container>
  );
}
