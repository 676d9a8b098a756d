import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy the web app and the bundled GraphiQL both run under. Vite's build puts no
 * inline script in the HTML (its module-preload polyfill ships inside a bundled chunk), so scripts are
 * same-origin files only; Emotion (MUI) and GraphiQL inject `<style>` elements and style attributes,
 * hence inline styles.
 * Fonts are data: URIs inside the CSS and payment QR codes are data: SVG images. `'self'` in
 * connect-src also covers WebSockets to the same host and port (graphql-ws): CSP Level 3, Chrome 71+,
 * Firefox, Safari 16+; a bare `ws:`/`wss:` would let an injected script talk to any host.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Security headers on every response (HTML, JSON and files alike): the CSP above, no framing by any site
 * (frame-ancestors and X-Frame-Options for older browsers), no referrer, nosniff. HSTS is left to the
 * TLS-terminating proxy (deploy/nginx.conf): sent from here it would pin plain-HTTP local use to HTTPS.
 * Routes may tighten a header for their own responses (files.route.ts sets a stricter CSP).
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    // Written out in full: helmet's defaults add `upgrade-insecure-requests`, which breaks plain HTTP.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
