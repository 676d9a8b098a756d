/**
 * Signed links (`/order-keys/<id>.txt?exp=<unix seconds>&sig=…`, `/files/<id>?exp=…`) stop working at `exp`
 * (FILE_URL_TTL_SECONDS after they were signed). A page left open longer renews a link before following it.
 */
export function isExpiredSignedUrl(url: string, now = Date.now()): boolean {
  const exp = Number(new URL(url, 'http://store.invalid').searchParams.get('exp'));
  // A few seconds' margin: the request must arrive before the link expires.
  return Number.isFinite(exp) && exp > 0 && exp * 1000 - 5_000 < now;
}
