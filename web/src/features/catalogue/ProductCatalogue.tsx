import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import type { FragmentType } from '../../gql';
import { methodsSentence, useStoreInfo, type StoreInfo } from '../../store/useStoreInfo';
import { CatalogueFilters } from './CatalogueFilters';
import type { CatalogueFilter } from '../../../../common/catalogue-filter';
import { ProductCard, type ProductCardFragment } from './ProductCard';

export interface ProductCatalogueProps {
  products: ({ id: string } & FragmentType<typeof ProductCardFragment>)[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The address's category, search and sort; `products` are those it keeps, of `total`. */
  filter?: CatalogueFilter;
  total?: number;
}

/** Whether the filter narrows the list (a sort alone does not). */
const narrows = (filter: CatalogueFilter | undefined) => !!filter && (!!filter.category || !!filter.q);

/**
 * Why choose us: the third reason names the methods the shop takes (docs/product.md "Payment methods shown"), never one
 * it has not set up.
 */
function reasons(methods: StoreInfo['acceptedMethods']): { icon: ReactNode; title: string; text: string }[] {
  const pay =
    methods.length > 0 ? `Pay with ${methodsSentence(methods.map((m) => m.label))}` : 'Paid in cryptocurrency';
  return [
    {
      icon: <VerifiedUserOutlinedIcon />,
      title: 'Trusted Certificates',
      text: 'Certificates from recognised authorities, trusted by every major browser and device.',
    },
    {
      icon: <BoltOutlinedIcon />,
      title: 'Instant Delivery',
      text: 'Your keys and files are delivered as soon as your payment is confirmed.',
    },
    {
      icon: <CurrencyBitcoinIcon />,
      title: 'Pay with Crypto',
      text: `${pay} — no bank account or card needed.`,
    },
    {
      icon: <HeadsetMicOutlinedIcon />,
      title: '24/7 Support',
      text: 'Installation guides for every major server, and a team that answers within 24 hours.',
    },
  ];
}

/** The /products page: bulk-only banner, product grid (or its loading, error and empty states), reasons, help. */
export function ProductCatalogue({ products, loading, failed, onRetry, filter, total }: ProductCatalogueProps) {
  const { acceptedMethods } = useStoreInfo();
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 7 } }}>
        <Container maxWidth="lg">
          <Typography variant="h1">Our Products</Typography>
          <Typography sx={{ mt: 1.5, maxWidth: 640, opacity: 0.85, fontSize: { md: '1.1rem' } }}>
            SSL certificates, crypto keys, scripts and trading bots — paid in cryptocurrency and delivered after payment
            confirmation.
          </Typography>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Alert severity="info" variant="outlined" role="note" sx={{ mb: 3, bgcolor: 'background.paper' }}>
          <AlertTitle>SSL keys are sold in bulk only</AlertTitle>
          Individual or small orders are not available during this period.
        </Alert>

        {filter ? <CatalogueFilters filter={filter} /> : null}
        {filter && !loading && !failed && total ? (
          <Typography color="text.secondary" sx={{ mb: 2 }} role="status" data-testid="catalogue-count">
            {narrows(filter)
              ? `Showing ${products.length} of ${total} products`
              : `${total} product${total === 1 ? '' : 's'}`}
          </Typography>
        ) : null}

        {loading ? (
          <LoadingState label="Loading products..." />
        ) : failed ? (
          <ErrorState
            message="We couldn't load the products right now. Please check your connection and try again."
            action={<RetryButton onRetry={onRetry} />}
          />
        ) : products.length === 0 && narrows(filter) ? (
          <Box sx={{ py: 6, textAlign: 'center' }} data-testid="catalogue-no-match">
            <Inventory2OutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
            <Typography variant="h5" component="p" sx={{ mt: 1 }}>
              No products match your search
            </Typography>
            <Button component={RouterLink} to="/products" variant="outlined" sx={{ mt: 2 }}>
              Show all products
            </Button>
          </Box>
        ) : products.length === 0 ? (
          <Box sx={{ py: 8, textAlign: 'center' }}>
            <Inventory2OutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
            <Typography variant="h5" component="p" sx={{ mt: 1 }}>
              No products are available right now
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Please check back soon, or contact support if you are looking for something specific.
            </Typography>
          </Box>
        ) : (
          <Grid container spacing={3}>
            {products.map((product) => (
              <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <ProductCard product={product} />
              </Grid>
            ))}
          </Grid>
        )}
      </Container>

      <Box
        component="section"
        aria-labelledby="why-choose-us"
        sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 8 } }}
      >
        <Container maxWidth="lg">
          <Typography id="why-choose-us" variant="h2" sx={{ textAlign: 'center' }}>
            Why Choose Us
          </Typography>
          <Grid container spacing={3} sx={{ mt: 3 }}>
            {reasons(acceptedMethods).map((reason) => (
              <Grid key={reason.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <Stack
                  spacing={1.5}
                  sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, textAlign: { sm: 'center' } }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      width: 52,
                      height: 52,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(13,148,136,0.12)',
                      color: 'secondary.dark',
                    }}
                  >
                    {reason.icon}
                  </Box>
                  <Typography component="h3" variant="h5">
                    {reason.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {reason.text}
                  </Typography>
                </Stack>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: { xs: 6, md: 8 } }}>
        <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography variant="h3" component="h2">
            Need Help?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
            Not sure which product fits your project, or planning a large order? Our team will help you choose.
          </Typography>
          <Button component={RouterLink} to="/support" variant="contained" size="large">
            Contact Support
          </Button>
        </Card>
      </Container>
    </>
  );
}
