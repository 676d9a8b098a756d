import { ApolloProvider } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { session } from './auth/session';
import { ToastProvider } from './components/toast';
import { router } from './router';
import { theme } from './theme/theme';

// Turn the refresh cookie (if any) into a session while the first page renders.
void session.restore();
// Cached data belongs to whoever was signed in: drop it on every sign-in and sign-out.
let version = session.getSnapshot().version;
session.subscribe(() => {
  const next = session.getSnapshot();
  if (next.version !== version && next.status !== 'restoring') {
    const wasRestoring = version === 0;
    version = next.version;
    if (!wasRestoring) void apolloClient.resetStore();
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </ApolloProvider>
  </StrictMode>,
);
