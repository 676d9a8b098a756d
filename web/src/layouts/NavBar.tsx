import { useQuery } from '@apollo/client/react';
import MenuIcon from '@mui/icons-material/Menu';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { displayName } from '../auth/display-name';
import { useSession } from '../auth/useSession';
import { STORE_NAME } from '../brand';
import { graphql } from '../gql';

const NavViewerQuery = graphql(/* GraphQL */ `
  query NavViewer {
    me {
      id
      email
      profile {
        id
        fullName
      }
    }
  }
`);

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/checkout', label: 'Checkout' },
];

export function NavBar() {
  const { status, version } = useSession();
  const signedIn = status === 'signedIn';
  // Re-read on every auth event (version); a failed read falls back silently (spec).
  const { data } = useQuery(NavViewerQuery, { skip: !signedIn, variables: {}, context: { version } });
  const [open, setOpen] = useState(false);

  return (
    <AppBar position="sticky" color="primary" component="nav" aria-label="Main">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, md: 68 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            onClick={() => setOpen(true)}
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
              {STORE_NAME}
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
                {displayName(data?.me)}
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
      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 260 }} role="presentation" onClick={() => setOpen(false)}>
          <Typography component="p" variant="h6" sx={{ p: 2, fontWeight: 800 }}>
            {STORE_NAME}
          </Typography>
          <List>
            {[...LINKS, { to: '/products', label: 'View Products' }].map((link) => (
              <ListItemButton key={link.label} component={RouterLink} to={link.to}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
