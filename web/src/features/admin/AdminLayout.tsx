import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '../../components/PageState';
import { ToastRouteReset } from '../../components/toast';
import { useStoreInfo } from '../../store/useStoreInfo';
import './adminCache';
import { ADMIN_DASHBOARD_PATH } from './adminPaths';

/** Out of sight, still read by assistive technology. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The admin shell (MUI dashboard template style): an app bar with the store's name as its owner set it (the StoreInfo
 * query the store's pages share; a save in Settings updates it, as both read the one cached StoreSettings) and a way
 * back to the store, then the page on the full width. It replaces the store's navigation bar and footer.
 */
export default function AdminLayout() {
  const { storeName } = useStoreInfo();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppBar position="sticky" color="primary" component="header">
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56, md: 64 } }}>
          <Box
            component={RouterLink}
            to={ADMIN_DASHBOARD_PATH}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              minWidth: 0,
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            <ShieldOutlinedIcon sx={{ color: 'secondary.light' }} aria-hidden />
            {/* The owner's name may be long: one line, cut with an ellipsis, on a phone. */}
            <Typography
              component="span"
              variant="h6"
              noWrap
              sx={{ fontWeight: 800, fontSize: { xs: '1.05rem', sm: undefined } }}
              data-testid="admin-store-name"
            >
              {storeName}
            </Typography>
          </Box>
          <Chip
            label="Admin"
            size="small"
            sx={{ flexShrink: 0, bgcolor: 'rgba(255,255,255,0.14)', color: 'common.white', fontWeight: 700 }}
          />
          <Box sx={{ flexGrow: 1 }} />
          {/* On a phone only the icon shows (the name stays for assistive technology), leaving the width to the
              store's name. */}
          <Button
            component={RouterLink}
            to="/"
            color="inherit"
            startIcon={<StorefrontOutlinedIcon aria-hidden />}
            sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              View store
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' }, ...VISUALLY_HIDDEN }}>
              View store
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <Outlet />
        </Suspense>
      </Box>
      <ToastRouteReset />
    </Box>
  );
}
