import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingState } from '../components/PageState';
import { ToastRouteReset } from '../components/toast';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** Every customer page: navigation bar, the page, footer. */
export function StoreLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LoadingState label="Loading..." fill />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
      <ToastRouteReset />
    </Box>
  );
}
