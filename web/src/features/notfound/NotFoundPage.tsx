import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** Catch-all (docs/product.md "Not found"): the path is logged so broken links can be found. */
export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <Typography variant="h1" component="p" sx={{ color: 'secondary.main', fontSize: '5rem' }} aria-hidden>
        404
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mt: 1 }}>
        Oops! Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }}>
        Return to Home
      </Button>
    </Container>
  );
}
