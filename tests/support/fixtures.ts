/**
 * Test data shared by the API tests (jest) and the browser tests (Playwright). Data only, with no imports,
 * so that either runner can load it. scripts/e2e-server.mjs and bench/ type the payment addresses too
 * (they are plain JavaScript and do not load this file).
 */

/** The payment addresses the test servers are configured with. */
export const TEST_ADDRESSES = {
  USDT_TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
};

/** A real 1×1 PNG, for payment proofs. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A real self-signed certificate (CN=shop.example.com), as an admin would upload it. */
export const CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUfMIpYYZeY6krUSQxB62wZYgEK60wCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQc2hvcC5leGFtcGxlLmNvbTAeFw0yNjExMjEwOTM3MDRaFw0y
NzExMjEwOTM3MDRaMBsxGTAXBgNVBAMMEHNob3AuZXhhbXBsZS5jb20wWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQLVAlUt/g7SneGHdR0ED48lleQ6dC0SaHYY7lg
lVx5UjCCj/JJwGK25Mlz4InDiqAUZHvkqe61JLFSYALsuefYo1MwUTAdBgNVHQ4E
FgQUXdt2dIMCJdFbwrAJ88mIyEAwyHswHwYDVR0jBBgwFoAUXdt2dIMCJdFbwrAJ
88mIyEAwyHswDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiAJR/dl
7ShuGIznEYi0Q5jQ7ri8cNGRSubF9iGycSAkjQIhAJ26kC/hMbfSZsnMFTjNXc+8
vaAE+baEF4YdPlWMR1Xk
-----END CERTIFICATE-----
`;

/** The AES-256-GCM key of licence keys for every test server (KEYS_ENCRYPTION_KEY's format). */
export const TEST_KEYS_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
