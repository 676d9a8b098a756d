/**
 * Seed catalogue: pure data, no imports.
 *
 * Prices are listed dollars with at most 2 decimals. `priceTiers` override the
 * listed price once the ordered quantity reaches `minQuantity` (the spec's
 * "4000+ SSL keys at $13.6"). `image` is a path under web/public.
 */

export type ProductCategory = 'ssl_certificates' | 'crypto_keys' | 'trading_bots' | 'scripts';

export interface SeedProduct {
  slug: string;
  name: string;
  category: ProductCategory;
  description: string;
  longDescription: string | null;
  /** Listed dollars, 2 decimals at most. */
  price: number;
  inStock: boolean;
  active: boolean;
  features: string[];
  /** e.g. '/images/products/ssl-certificates.svg' */
  image: string;
  minQuantity: number;
  priceTiers: { minQuantity: number; unitPrice: number }[];
  /** The Fulfilment value (server/src/core/enums.ts), as stored: KEYS from stock, DOWNLOAD a file plus a key, MANUAL by an admin. */
  fulfilment: 'KEYS' | 'DOWNLOAD' | 'MANUAL';
  /** Generated demo keys the demo store starts with (products stocked by keys). */
  demoKeys: number;
}

const img = (slug: string): string => `/images/products/${slug}.svg`;

export const seedProducts: SeedProduct[] = [
  // ---------------------------------------------------------------- SSL
  {
    slug: 'ssl-certificates',
    name: 'SSL Key Bulk Package',
    category: 'ssl_certificates',
    description:
      'Bulk package of Domain Validation SSL certificate keys, sold in lots of 4,000 or more at $13.60 per key.',
    longDescription:
      'During this period SSL keys are sold in bulk only: the minimum order is 4,000 keys at $13.60 each ($54,400 for 4,000 keys). ' +
      'Every key redeems one 1-year Domain Validation certificate that you can issue for any domain you control, using email, DNS or HTTP validation. ' +
      'Keys are delivered by email as a CSV list after payment confirmation and can be redeemed independently of each other.',
    price: 14.0,
    inStock: true,
    active: true,
    features: [
      'Minimum order of 4,000 keys',
      '$13.60 per key at 4,000+ keys',
      'Each key redeems one 1-year DV certificate',
      'Email, DNS or HTTP domain validation',
      'Keys delivered as a CSV list by email',
      '12 months to redeem each key',
    ],
    image: img('ssl-certificates'),
    minQuantity: 4000,
    priceTiers: [{ minQuantity: 4000, unitPrice: 13.6 }],
    fulfilment: 'KEYS',
    demoKeys: 12500,
  },
  {
    slug: 'dv',
    name: 'Domain Validation SSL',
    category: 'ssl_certificates',
    description: 'Fast, affordable encryption for a single domain, issued as soon as domain control is confirmed.',
    longDescription:
      'A Domain Validation (DV) certificate proves that you control the domain and enables HTTPS with strong 256-bit encryption. ' +
      'It is ideal for blogs, personal sites and internal tools, and is usually issued within minutes of completing email, DNS or HTTP validation.',
    price: 24.99,
    inStock: false,
    active: true,
    features: [
      'Issued in minutes after validation',
      'Secures example.com and www.example.com',
      'RSA 2048-bit or ECDSA P-256 keys',
      'Trusted by all major browsers',
      '1-year validity with free reissues',
    ],
    image: img('dv'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },
  {
    slug: 'ov',
    name: 'Organization Validation SSL',
    category: 'ssl_certificates',
    description: 'Business-validated SSL that shows your verified organization name in the certificate details.',
    longDescription:
      'An Organization Validation (OV) certificate adds a check of your company registration on top of domain control, ' +
      'so visitors who inspect the certificate see your verified organization name. ' +
      'It is the usual choice for company websites, customer portals and APIs.',
    price: 79.99,
    inStock: false,
    active: true,
    features: [
      'Verified organization name in the certificate',
      'Business validation in 1-3 working days',
      'Secures the domain with and without www',
      'RSA 2048-bit or ECDSA P-256 keys',
      'Static site seal included',
    ],
    image: img('ov'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },
  {
    slug: 'ev',
    name: 'Extended Validation SSL',
    category: 'ssl_certificates',
    description: 'The highest level of identity assurance for e-commerce, finance and other high-trust websites.',
    longDescription:
      'Extended Validation (EV) certificates are issued only after the strictest vetting of your legal, physical and operational existence. ' +
      'They suit online shops, banks and any site where customers need maximum confidence in who they are dealing with.',
    price: 149.99,
    inStock: false,
    active: true,
    features: [
      'Strictest identity vetting (legal, physical, operational)',
      'Verified company name, jurisdiction and registration number',
      'Validation in 1-5 working days',
      'Dynamic site seal included',
      '1-year validity with free reissues',
    ],
    image: img('ev'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },
  {
    slug: 'single',
    name: '1 SSL Certificate',
    category: 'ssl_certificates',
    description: 'One Domain Validation SSL certificate for a single website.',
    longDescription: null,
    price: 14.0,
    inStock: false,
    active: true,
    features: [
      'One 1-year DV certificate',
      'Secures the domain with and without www',
      'Email, DNS or HTTP validation',
      'Installation guides for all major servers',
    ],
    image: img('single'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },
  {
    slug: 'bundle-5',
    name: '5 SSL Certificates',
    category: 'ssl_certificates',
    description: 'A bundle of five Domain Validation SSL certificates for small businesses and agencies.',
    longDescription:
      'Five independent 1-year DV certificates that you can issue for five different domains whenever you need them. ' +
      'A convenient way to secure a handful of client or company sites from one order.',
    price: 70.0,
    inStock: false,
    active: true,
    features: [
      'Five 1-year DV certificates',
      'Save $2 per certificate',
      'Issue each certificate for a different domain',
      'Email, DNS or HTTP validation',
    ],
    image: img('bundle-5'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },
  {
    slug: 'bundle-10',
    name: '10 SSL Certificates',
    category: 'ssl_certificates',
    description: 'A bundle of ten Domain Validation SSL certificates for agencies and hosting resellers.',
    longDescription:
      'Ten independent 1-year DV certificates to secure a portfolio of sites from a single purchase. ' +
      'Each certificate is issued separately, so you can activate them over time as new domains come online.',
    price: 140.0,
    inStock: false,
    active: true,
    features: [
      'Ten 1-year DV certificates',
      'Save $26 in total',
      'Issue each certificate for a different domain',
      'Email, DNS or HTTP validation',
      'Priority support for reissues',
    ],
    image: img('bundle-10'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'MANUAL',
    demoKeys: 0,
  },

  // ---------------------------------------------------------- Crypto keys
  {
    slug: 'ethereum-classic-key',
    name: 'Ethereum Classic (ETC) Licence Key',
    category: 'crypto_keys',
    description: 'Lifetime licence key for our Ethereum Classic payment-gateway module for one production domain.',
    longDescription:
      'Activates the ETC merchant module so your site can accept Ethereum Classic payments straight to your own wallet. ' +
      'The module connects to your own node or a public JSON-RPC endpoint and marks orders paid after a configurable number of confirmations. ' +
      'The licence key is delivered by email after payment confirmation.',
    price: 48.0,
    inStock: true,
    active: true,
    features: [
      'Lifetime licence for one production domain',
      'Payments go straight to your own ETC wallet',
      'Works with your own node or a public JSON-RPC endpoint',
      'Configurable confirmation depth',
      '12 months of updates included',
    ],
    image: img('ethereum-classic-key'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'monero-classic-key',
    name: 'Monero (XMR) Licence Key',
    category: 'crypto_keys',
    description: 'Licence key for the privacy-first Monero payment module that detects payments with a view key only.',
    longDescription:
      'The Monero module watches for incoming payments using your private view key, so your spend key never touches the web server. ' +
      'Each order gets its own subaddress, and payments are matched automatically once they reach the confirmation depth you choose.',
    price: 89.0,
    inStock: true,
    active: true,
    features: [
      'View-key-only payment detection',
      'Unique subaddress per order',
      'Works with monero-wallet-rpc or a remote node',
      'Configurable confirmation depth',
      'Lifetime licence for one production domain',
    ],
    image: img('monero-classic-key'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'dogecoin-keys',
    name: 'Dogecoin (DOGE) Licence Key',
    category: 'crypto_keys',
    description: 'Licence key for the Dogecoin checkout and tipping widget for blogs and online shops.',
    longDescription: null,
    price: 24.0,
    inStock: true,
    active: true,
    features: [
      'Checkout button and tipping widget',
      'Fresh receiving address per payment',
      'QR codes generated for every invoice',
      'Webhook notification when a payment confirms',
      'Lifetime licence for one production domain',
    ],
    image: img('dogecoin-keys'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'ripple-keys',
    name: 'Ripple (XRP) Licence Key',
    category: 'crypto_keys',
    description: 'Licence key for the XRP Ledger payment module with automatic destination-tag matching.',
    longDescription:
      'Accept XRP into a single wallet address and let the module tell payments apart by destination tag. ' +
      'XRP Ledger transactions settle in a few seconds, so orders can be confirmed almost instantly.',
    price: 42.0,
    inStock: true,
    active: true,
    features: [
      'Unique destination tag per order',
      'One receiving address for all payments',
      'Settlement in 3-5 seconds',
      'Connects to any public rippled server',
      'Lifetime licence for one production domain',
    ],
    image: img('ripple-keys'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'dash-encryption-keys',
    name: 'Dash Encryption Key Set',
    category: 'crypto_keys',
    description: 'API encryption key set for the Dash merchant module with InstantSend payment confirmation.',
    longDescription:
      'Includes the licence key and signed API credentials for the Dash merchant module. ' +
      'Payments sent with InstantSend are locked within seconds, so customers get their orders without waiting for block confirmations.',
    price: 56.0,
    inStock: true,
    active: true,
    features: [
      'InstantSend-aware payment confirmation',
      'HMAC-signed webhook callbacks',
      'Fresh receiving address per order',
      'Works with dashd RPC or a hosted node',
      'Lifetime licence for one production domain',
    ],
    image: img('dash-encryption-keys'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'litecoin-keys',
    name: 'Litecoin (LTC) Licence Key',
    category: 'crypto_keys',
    description: 'Licence key for the Litecoin payment module with low fees and fast 2.5-minute blocks.',
    longDescription:
      'Adds Litecoin checkout to your site with a fresh address derived from your extended public key for every order. ' +
      'No private keys are stored on the server, and payments are matched automatically after the confirmations you choose.',
    price: 34.0,
    inStock: true,
    active: true,
    features: [
      'Addresses derived from your xpub (no private keys on the server)',
      'SegWit (ltc1) and legacy address support',
      'Configurable confirmation depth',
      'Email and webhook payment notifications',
      'Lifetime licence for one production domain',
    ],
    image: img('litecoin-keys'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },
  {
    slug: 'zcash-keys',
    name: 'Zcash (ZEC) Licence Key',
    category: 'crypto_keys',
    description: 'Licence key for the Zcash payment module supporting both transparent and shielded payments.',
    longDescription:
      'Accept Zcash to transparent (t-addr) or shielded unified addresses and detect incoming payments with a viewing key. ' +
      'Customers who value privacy can pay from shielded wallets while your orders are still matched automatically.',
    price: 74.0,
    inStock: true,
    active: true,
    features: [
      'Transparent and shielded (unified address) payments',
      'Viewing-key payment detection',
      'Works with zcashd or lightwalletd',
      'Configurable confirmation depth',
      'Lifetime licence for one production domain',
    ],
    image: img('zcash-keys'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'KEYS',
    demoKeys: 300,
  },

  // -------------------------------------------------------------- Scripts
  {
    slug: 'payeer-doubler-script',
    name: 'Payeer Doubler Script',
    category: 'scripts',
    description: 'PHP script for running Payeer-funded deposit-match bonus campaigns with a full admin panel.',
    longDescription:
      'A self-hosted PHP 8 application for running "double-up" deposit-match promotions paid through Payeer. ' +
      'Deposits arrive through the Payeer Merchant API, and bonuses are paid through the Payeer payout API within the campaign budget and per-user caps you set. ' +
      'Ships with full source code, an installer and an admin panel for campaigns, users and payouts.',
    price: 79.0,
    inStock: true,
    active: true,
    features: [
      'Payeer Merchant API deposits and payout API withdrawals',
      'Campaign budgets and per-user bonus caps',
      'Referral tracking with configurable commissions',
      'Admin panel for campaigns, users and payouts',
      'Full PHP 8 / MySQL source code with installer',
    ],
    image: img('payeer-doubler-script'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'DOWNLOAD',
    demoKeys: 200,
  },
  {
    slug: 'news-site-script',
    name: 'News Portal Script',
    category: 'scripts',
    description: 'A complete, SEO-ready news and magazine website script with multi-author publishing.',
    longDescription:
      'Launch a news or magazine site in an afternoon: the script includes a responsive theme, category pages, breaking-news ticker and a multi-author editorial workflow. ' +
      'Built-in SEO generates sitemap.xml, RSS feeds and Open Graph tags, and ad slots are ready for AdSense or your own banners.',
    price: 129.0,
    inStock: true,
    active: true,
    features: [
      'Multi-author roles: admin, editor, writer',
      'Scheduled posts and breaking-news ticker',
      'Automatic sitemap.xml, RSS and Open Graph tags',
      'Ad slots ready for AdSense or custom banners',
      'Responsive theme with dark mode',
      'Full PHP 8 / MySQL source code',
    ],
    image: img('news-site-script'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'DOWNLOAD',
    demoKeys: 200,
  },

  // ---------------------------------------------------------- Trading bots
  {
    slug: 'bitcoin-bot',
    name: 'Bitcoin Trading Bot Pro',
    category: 'trading_bots',
    description: 'Self-hosted Bitcoin trading bot with grid and DCA strategies, backtesting and paper trading.',
    longDescription:
      'Run grid and dollar-cost-averaging strategies on major exchanges from your own server, using API keys with trading rights only (no withdrawals). ' +
      'Test every strategy on historical data and in paper-trading mode before going live, and follow each trade through Telegram alerts. ' +
      'Trading carries risk: past performance does not guarantee future results.',
    price: 299.0,
    inStock: true,
    active: true,
    features: [
      'Grid and DCA strategies with stop-loss and take-profit',
      'Binance, Kraken and Coinbase exchange APIs',
      'Backtesting on historical candles',
      'Paper-trading mode before going live',
      'Telegram trade alerts',
      'Runs on your own server or VPS (Docker image included)',
    ],
    image: img('bitcoin-bot'),
    minQuantity: 1,
    priceTiers: [],
    fulfilment: 'DOWNLOAD',
    demoKeys: 200,
  },
];
