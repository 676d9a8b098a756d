import MenuIcon from '@mui/icons-material/Menu';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { displayName } from '../auth/display-name';
import { useSession } from '../auth/useSession';
import { useStoreInfo } from '../store/useStoreInfo';

// Parts of the bar that a first visit does not show load when shown: the signed-in user's name (with
// its query) and the small-screen menu.
const NavViewerName = lazy(() => import('./NavViewerName'));
const NavDrawer = lazy(() => import('./NavDrawer'));

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/checkout', label: 'Checkout' },
];
const MENU_LINKS = [...LINKS, { to: '/products', label: 'View Products' }];

export function NavBar() {
  const signedIn = useSession().status === 'signedIn';
  const { storeName } = useStoreInfo();
  // Undefined until the menu is first opened; the drawer then stays mounted so it can slide closed.
  const [menuOpen, setMenuOpen] = useState<boolean>();

  return (
    <AppBar position="sticky" color="primary" component="nav" aria-label="Main">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, md: 68 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box
            component={RouterLink}
            to="/"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2 }}
          >
            <ShieldOutlinedIcon sx={{ color: 'secondary.light' }} aria-hidden />
            <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
              {storeName}
            </Typography>
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                color="inherit"
                sx={{ opacity: 0.85, '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.12)' } }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {signedIn ? (
            <Button
              component={RouterLink}
              to="/dashboard"
              color="inherit"
              sx={{ maxWidth: { xs: 120, sm: 220 } }}
              data-testid="nav-user"
            >
              <Typography component="span" noWrap sx={{ fontWeight: 600 }}>
                {/* While the name's chunk loads, show what shows while its query loads. */}
                <Suspense fallback={displayName(undefined)}>
                  <NavViewerName />
                </Suspense>
              </Typography>
            </Button>
          ) : (
            <Button component={RouterLink} to="/auth" color="inherit">
              Sign In
            </Button>
          )}
          <Button
            component={RouterLink}
            to="/products"
            variant="contained"
            color="secondary"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            View Products
          </Button>
        </Toolbar>
      </Container>
      {menuOpen !== undefined && (
        <Suspense fallback={null}>
          <NavDrawer open={menuOpen} onClose={() => setMenuOpen(false)} links={MENU_LINKS} />
        </Suspense>
      )}
    </AppBar>
  );
}
