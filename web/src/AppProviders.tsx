import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode, type ReactNode } from 'react';
import { ToastProvider } from './components/toast';
import { theme } from './theme/theme';

/** What every page renders inside, in the browser (main.tsx) and on the server (entry-server.tsx) alike. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ApolloProvider client={client}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </ApolloProvider>
    </StrictMode>
  );
}
