import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import CheckIcon from '@mui/icons-material/Check';
import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatPrice } from '../../format/price';
import { currenciesLine, methodsSentence, useStoreInfo, type StoreInfo } from '../../store/useStoreInfo';
import { PRICE_CARDS, SSL_BULK_MINIMUM_TOTAL, SSL_BULK_OFFER, type PriceCardOffer } from './offers';

const CATEGORIES: { title: string; text: string; icon: ReactNode }[] = [
  { title: 'SSL Certificates', text: 'DV, OV and EV certificates and bulk SSL keys.', icon: <LockOutlinedIcon /> },
  { title: 'Crypto Keys', text: 'Licence keys for Bitcoin, Monero, Litecoin and more.', icon: <KeyOutlinedIcon /> },
  { title: 'Trading Bots', text: 'Automated strategies for the major exchanges.', icon: <SmartToyOutlinedIcon /> },
  { title: 'Scripts & More', text: 'Ready-to-deploy site scripts and tools.', icon: <CodeOutlinedIcon /> },
];

const BENEFITS: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Enterprise Security',
    text: 'Certificates with strong 256-bit encryption, trusted by every major browser, for sites of any size.',
    icon: <ShieldOutlinedIcon />,
  },
  {
    title: 'Instant Delivery',
    text: 'Your keys and files are delivered as soon as your payment is confirmed, usually within hours.',
    icon: <BoltOutlinedIcon />,
  },
];

/** The spec's third benefit, its text from the methods the shop takes (docs/product.md "Payment methods shown"). */
function paymentBenefit(methods: StoreInfo['acceptedMethods']) {
  return {
    title: 'Multiple Payment Options',
    text: methods.length > 0 ? `Pay with ${methodsSentence(methods.map((m) => m.label))}.` : 'Paid in cryptocurrency.',
    icon: <CurrencyBitcoinIcon />,
  };
}

function IconBadge({ children, tone = 'light' }: { children: ReactNode; tone?: 'light' | 'dark' }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        bgcolor: tone === 'light' ? 'rgba(13,148,136,0.12)' : 'rgba(255,255,255,0.12)',
        color: tone === 'light' ? 'secondary.dark' : 'secondary.light',
      }}
    >
      {children}
    </Box>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 4, md: 5 } }}>
      <Typography id={id} variant="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {subtitle}
      </Typography>
    </Box>
  );
}

function Hero() {
  const { acceptedMethods } = useStoreInfo();
  const highlights = [
    { icon: <LockOutlinedIcon />, title: '256-bit encryption', text: 'Trusted by all major browsers' },
    { icon: <BoltOutlinedIcon />, title: 'Confirmation in 1-24 hours', text: 'Delivery right after' },
    ...(acceptedMethods.length > 0
      ? [{ icon: <PaymentsOutlinedIcon />, title: currenciesLine(acceptedMethods), text: 'Pay the way you prefer' }]
      : []),
  ];
  return (
    <Box
      sx={{
        color: 'primary.contrastText',
        background: 'linear-gradient(135deg, #061326 0%, #0b1f3a 55%, #0f3d4a 100%)',
        py: { xs: 7, md: 12 },
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Chip
              label="SSL keys now sold in bulk"
              size="small"
              sx={{ bgcolor: 'rgba(20,184,166,0.18)', color: 'secondary.light', mb: 2.5 }}
            />
            <Typography variant="h1">Secure Your Website with SSL Certificates, Paid in Crypto</Typography>
            <Typography sx={{ mt: 2.5, opacity: 0.85, fontSize: { xs: '1.05rem', md: '1.2rem' }, maxWidth: 560 }}>
              SSL certificates, crypto keys, trading bots and scripts, delivered after payment confirmation.
              {acceptedMethods.length > 0 && ` Pay with ${methodsSentence(acceptedMethods.map((m) => m.label))}.`}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button
                component={RouterLink}
                to="/products"
                variant="contained"
                color="secondary"
                size="large"
                endIcon={<ArrowForwardIcon />}
              >
                Browse Products
              </Button>
              <Button
                component={RouterLink}
                to="/checkout"
                variant="outlined"
                size="large"
                sx={{
                  color: 'common.white',
                  borderColor: 'rgba(255,255,255,0.5)',
                  '&:hover': { borderColor: 'common.white' },
                }}
              >
                Quick Checkout
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box
              sx={{
                p: { xs: 2.5, md: 3.5 },
                borderRadius: 4,
                bgcolor: 'rgba(255,255,255,0.06)',
                border: '1px solid rgba(255,255,255,0.14)',
              }}
            >
              <Stack spacing={2.5}>
                {highlights.map((item) => (
                  <Stack key={item.title} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <IconBadge tone="dark">{item.icon}</IconBadge>
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{item.title}</Typography>
                      <Typography variant="body2" sx={{ opacity: 0.75 }}>
                        {item.text}
                      </Typography>
                    </Box>
                  </Stack>
                ))}
              </Stack>
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}

function Categories() {
  return (
    <Container component="section" aria-labelledby="categories" maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
      <SectionHeading
        id="categories"
        title="Shop by Category"
        subtitle="Everything you need to secure and run your projects, in one store."
      />
      <Grid container spacing={2.5}>
        {CATEGORIES.map((category) => (
          <Grid key={category.title} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card sx={{ height: '100%', transition: 'border-color .2s', '&:hover': { borderColor: 'secondary.main' } }}>
              <CardActionArea component={RouterLink} to="/products" sx={{ height: '100%', p: { xs: 2, sm: 2.5 } }}>
                <Stack direction={{ xs: 'row', sm: 'column' }} spacing={{ xs: 2, sm: 1.5 }}>
                  <IconBadge>{category.icon}</IconBadge>
                  <Box>
                    <Typography component="h3" variant="h5">
                      {category.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: { xs: 0.5, sm: 1.5 } }}>
                      {category.text}
                    </Typography>
                  </Box>
                </Stack>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}

function Benefits() {
  const { acceptedMethods } = useStoreInfo();
  const benefits = [...BENEFITS, paymentBenefit(acceptedMethods)];
  return (
    <Box component="section" aria-labelledby="benefits" sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="benefits"
          title="Why Customers Choose Us"
          subtitle="Security you can rely on, delivered fast and paid the way you like."
        />
        <Grid container spacing={4}>
          {benefits.map((benefit) => (
            <Grid key={benefit.title} size={{ xs: 12, md: 4 }}>
              <Stack direction={{ xs: 'row', md: 'column' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                <IconBadge>{benefit.icon}</IconBadge>
                <Box>
                  <Typography component="h3" variant="h5">
                    {benefit.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {benefit.text}
                  </Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

function PriceCard({ offer }: { offer: PriceCardOffer }) {
  const id = `offer-${offer.to.split('/').pop()}`;
  return (
    <Card
      component="article"
      aria-labelledby={id}
      sx={{
        height: '100%',
        p: { xs: 3, md: 3.5 },
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        ...(offer.popular && {
          borderColor: 'secondary.main',
          borderWidth: 2,
          boxShadow: '0 12px 32px rgba(13,148,136,0.16)',
        }),
      }}
    >
      {offer.popular && (
        <Chip
          label="POPULAR"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)', letterSpacing: '0.06em' }}
        />
      )}
      <Typography id={id} component="h3" variant="h5">
        {offer.title}
      </Typography>
      <Typography component="p" variant="h2" sx={{ mt: 1.5 }}>
        {formatPrice(offer.price)}
      </Typography>
      <Typography color="secondary.dark" sx={{ fontWeight: 600, mt: 0.5 }}>
        {offer.note}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, mb: 3, display: 'grid', gap: 1 }}>
        {offer.features.map((feature) => (
          <Typography component="li" variant="body2" key={feature} sx={{ display: 'flex', gap: 1 }}>
            <CheckIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden />
            {feature}
          </Typography>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to={offer.to}
        variant={offer.popular ? 'contained' : 'outlined'}
        color={offer.popular ? 'secondary' : 'primary'}
        fullWidth
        sx={{ mt: 'auto' }}
      >
        Get Started
      </Button>
    </Card>
  );
}

function BulkCard() {
  return (
    <Card
      component="article"
      aria-labelledby="offer-bulk"
      sx={{
        mt: 4,
        p: { xs: 3, md: 4 },
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        border: 'none',
        backgroundImage: 'radial-gradient(circle at 90% 10%, rgba(20,184,166,0.35), transparent 45%)',
      }}
    >
      <Grid container spacing={3} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Chip
            label="BULK ONLY"
            size="small"
            sx={{ bgcolor: 'warning.main', color: 'common.white', letterSpacing: '0.06em' }}
          />
          <Typography id="offer-bulk" component="h3" variant="h3" sx={{ mt: 1.5 }}>
            SSL Key Bulk Package
          </Typography>
          <Typography sx={{ mt: 1, opacity: 0.85 }}>
            SSL keys are currently sold in bulk only. Individual or small orders are not available during this period.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 2.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography component="p" variant="h2">
              {formatPrice(SSL_BULK_OFFER.unitPrice)}
            </Typography>
            <Typography sx={{ opacity: 0.85 }}>per key</Typography>
          </Stack>
          <Typography sx={{ opacity: 0.85 }} data-testid="bulk-minimum">
            minimum {SSL_BULK_OFFER.minQuantity} keys ({formatPrice(SSL_BULK_MINIMUM_TOTAL)} total)
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', justifyContent: { md: 'flex-end' } }}>
          <Button
            component={RouterLink}
            to={`/checkout?product=${SSL_BULK_OFFER.slug}`}
            variant="contained"
            color="secondary"
            size="large"
            sx={{ width: { xs: '100%', md: 'auto' } }}
          >
            Order Bulk Package
          </Button>
        </Grid>
      </Grid>
    </Card>
  );
}

function Pricing() {
  return (
    <Container component="section" aria-labelledby="pricing" maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
      <SectionHeading
        id="pricing"
        title="Simple, Transparent Pricing"
        subtitle="Domain Validation SSL certificates for one site or many."
      />
      <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
        {PRICE_CARDS.map((offer) => (
          <Grid key={offer.to} size={{ xs: 12, md: 4 }}>
            <PriceCard offer={offer} />
          </Grid>
        ))}
      </Grid>
      <BulkCard />
    </Container>
  );
}

function Closing() {
  return (
    <Box component="section" aria-labelledby="closing" sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 9 } }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="closing" variant="h2">
          Ready to Secure Your Website?
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4 }}>
          Browse the catalogue, or talk to our team about the right certificate for your project.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/products" variant="contained" size="large">
            View All Products
          </Button>
          <Button component={RouterLink} to="/support" variant="outlined" size="large">
            Contact Support
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

/** Home (docs/product.md "Home"): static but for the payment methods the shop takes (useStoreInfo). */
export default function HomePage() {
  return (
    <>
      <Hero />
      <Categories />
      <Benefits />
      <Pricing />
      <Closing />
    </>
  );
}
