import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { POLICY_PAGES } from '../../../common/store-settings';
import { useStoreInfo } from '../store/useStoreInfo';

const PRODUCT_LINKS = [
  { to: '/products', label: 'All Products' },
  { to: '/products/dv', label: 'Domain Validation' },
  { to: '/products/ov', label: 'Organization Validation' },
  { to: '/products/ev', label: 'Extended Validation' },
];

// docs/decisions.md "Departures": the spec's dead support links go to the pages that answer them.
const SUPPORT_LINKS = [
  { to: '/guides', label: 'Documentation' },
  { to: '/guides', label: 'Installation Guide' },
  { to: '/guides#faq', label: 'FAQ' },
  { to: '/support', label: 'Contact Support' },
];

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography
        component="h2"
        variant="subtitle2"
        sx={{ color: 'common.white', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
      >
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Every store page's footer: the owner's store name and contacts, the Terms, Refund and Privacy pages, and the payment
 * methods the shop can take now (docs/product.md "Payment methods shown": only configured ones, never a list in code).
 */
export function Footer() {
  const { storeName, supportEmail, acceptedMethods } = useStoreInfo();
  const linkSx = { color: 'rgba(255,255,255,0.78)', '&:hover': { color: 'common.white' } };
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'rgba(255,255,255,0.78)', mt: 'auto', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="p" variant="h6" sx={{ color: 'common.white', fontWeight: 800 }}>
              {storeName}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, maxWidth: 320 }}>
              SSL certificate keys, crypto keys, scripts and trading bots — paid in crypto, delivered after payment
              confirmation.
            </Typography>
            <Link href={`mailto:${supportEmail}`} variant="body2" sx={{ ...linkSx, display: 'inline-block', mt: 1.5 }}>
              {supportEmail}
            </Link>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Column title="Products">
              {PRODUCT_LINKS.map((l) => (
                <Link key={l.to} component={RouterLink} to={l.to} sx={linkSx}>
                  {l.label}
                </Link>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Column title="Support">
              {SUPPORT_LINKS.map((l) => (
                <Link key={l.label} component={RouterLink} to={l.to} sx={linkSx}>
                  {l.label}
                </Link>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 12, md: 2 }} data-testid="footer-methods">
            <Column title="We accept">
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {acceptedMethods.map((m) => (
                  <Typography component="li" variant="body2" key={m.method} sx={{ py: 0.25 }}>
                    {m.label}
                  </Typography>
                ))}
              </Box>
            </Column>
          </Grid>
        </Grid>
        <Divider sx={{ my: 3, borderColor: 'rgba(255,255,255,0.15)' }} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 3 }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="body2">
            © {new Date().getFullYear()} {storeName}. All rights reserved.
          </Typography>
          <Stack
            component="nav"
            aria-label="Policies"
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}
          >
            {POLICY_PAGES.map((policy) => (
              <Link key={policy.path} component={RouterLink} to={policy.path} variant="body2" sx={linkSx}>
                {policy.title}
              </Link>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
