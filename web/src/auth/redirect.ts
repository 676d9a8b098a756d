/**
 * Where to go after signing in. The `redirect` query parameter comes from the address bar, so it is
 * only followed when it is a path on this site: an absolute URL or a protocol-relative `//host` would
 * turn the sign-in page into an open redirect.
 */

/** The default destination after signing in (spec: the redirect parameter, else /dashboard). */
export const AFTER_SIGN_IN = '/dashboard';

const PROBE_ORIGIN = 'http://store.invalid';

/** `value` when it is a same-origin path ('/…', not '//…'), else null. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    // Browsers read '/\host' and '/<tab>/host' as '//host': resolving catches every such spelling.
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Back to the sign-in page itself would bounce forever once signed in.
  if (url.pathname === '/auth') return null;
  return value;
}

/** The sign-in page, returning to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `/auth?redirect=${encodeURIComponent(returnTo)}`;
}
