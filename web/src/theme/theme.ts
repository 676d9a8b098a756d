/**
 * The one MUI theme: a deep navy brand with a teal accent (security, trust), generous radius, and
 * component overrides grouped here so pages only use `sx` for layout.
 */
import { createTheme } from '@mui/material/styles';

/** The font for machine text a customer or admin compares or copies: order ids, wallet addresses, keys. */
export const MONOSPACE_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b1f3a', light: '#1d3a66', dark: '#061326', contrastText: '#ffffff' },
    // teal-700: white text on it passes WCAG AA (5.5:1)
    secondary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    info: { main: '#1d4ed8' },
    background: { default: '#f6f8fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, fontSize: 'clamp(2rem, 5vw, 3.25rem)', letterSpacing: '-0.02em', lineHeight: 1.1 },
    h2: { fontWeight: 800, fontSize: 'clamp(1.6rem, 3.5vw, 2.25rem)', letterSpacing: '-0.01em' },
    h3: { fontWeight: 700, fontSize: 'clamp(1.35rem, 2.5vw, 1.75rem)' },
    h4: { fontWeight: 700, fontSize: '1.35rem' },
    h5: { fontWeight: 700, fontSize: '1.15rem' },
    h6: { fontWeight: 700, fontSize: '1rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16, borderColor: '#e2e8f0' } },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    // Keyboard users always see where they are.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #14b8a6', outlineOffset: 2 } },
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible': { outline: '3px solid #14b8a6', outlineOffset: 2, borderRadius: 4 },
        '.skip-link': {
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          padding: '8px 16px',
          background: '#ffffff',
          color: '#0b1f3a',
          borderRadius: 8,
          fontWeight: 600,
        },
        '.skip-link:focus': { top: 8 },
      },
    },
  },
});
