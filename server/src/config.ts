/**
 * The server's configuration, parsed once from the environment with zod. Nothing else reads
 * process.env. `loadConfig` takes the environment as an argument so tests can start servers with
 * their own settings.
 */
import path from 'node:path';
import { z } from 'zod';
import { STORE_NAME } from '../../common/brand';
import { REGISTERED_PAYMENT_METHODS, type PaymentMethodKey } from '../../common/payment-methods';
import { optionalString, optionalUrl } from './config-fields';
import { configureMethods, PAYMENT_METHOD_ENV, type MethodSettings } from './payments/methods';
import { RATE_PROVIDER_NAMES, rateProvider, type RateProviderName } from './rates/providers';
import { webDistDir } from './paths';

/** A payment tolerance: 0 to 10 percent (more would accept payments an exchange fee cannot explain). */
const tolerancePercent = z.coerce
  .number()
  .min(0)
  .max(10)
  // Hundredths of a percent: what the payment judgement counts in (basis points), so SQL and it agree to the unit.
  .transform((v) => Math.round(v * 100) / 100)
  .default(0);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString,
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  JWT_SECRET: optionalString,
  KEYS_ENCRYPTION_KEY: optionalString.refine(
    (value) => value === undefined || Buffer.from(value, 'base64').length === 32,
    'must be 32 bytes in base64 (openssl rand -base64 32)',
  ),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  /**
   * Each payment method's own variables (its address, chain API, confirmations, rate: docs/configuration.md
   * "Payments"), declared in its definition (server/src/payments/methods/<method>/). A method whose chain API is unset
   * keeps the manual flow (an admin reads the proof).
   */
  ...PAYMENT_METHOD_ENV,
  /** Seconds between two reads of each chain (watched addresses, confirmations). */
  PAYMENT_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
  /**
   * Where BTC and ETH prices come from (docs/payments.md "How prices are made"): a comma list of rate providers, read
   * in the background every RATE_REFRESH_SECONDS. `fixed` (the default) is RATE_BTC_USD and RATE_ETH_USD, offline.
   */
  RATE_PROVIDERS: z
    .string()
    .default('fixed')
    .transform((v) => v.split(',').map((name) => name.trim().toLowerCase()))
    .refine((names) => names.every((name) => (RATE_PROVIDER_NAMES as string[]).includes(name)), {
      message: `must be a comma list of ${RATE_PROVIDER_NAMES.join(', ')}`,
    })
    .refine((names) => new Set(names).size === names.length, { message: 'names a provider twice' })
    .transform((names) => names as RateProviderName[]),
  /** Seconds between two reads of the providers (a job; never on a request). */
  RATE_REFRESH_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** An answer older than this is not used: with none younger, the currency has no price and is refused. */
  RATE_MAX_AGE_SECONDS: z.coerce.number().min(2).max(86_400).default(600),
  /** Fresh answers further apart than this (percent of the lowest): no price, rather than a wrong one. */
  RATE_MAX_DIVERGENCE_PERCENT: z.coerce.number().min(0).max(100).default(3),
  /** The customer sends this much more crypto than the market price asks (BTC and ETH; USDT stays 1 USD). */
  RATE_SPREAD_PERCENT: z.coerce.number().min(0).max(50).default(0),
  /** Base URLs of the providers' public APIs; unset: the real ones (tests point them at fixture servers). */
  RATE_KRAKEN_URL: optionalUrl(['http:', 'https:']),
  RATE_COINBASE_URL: optionalUrl(['http:', 'https:']),
  RATE_BINANCE_URL: optionalUrl(['http:', 'https:']),
  RATE_COINGECKO_URL: optionalUrl(['http:', 'https:']),
  /** Days after its payment window that a payment of an order's unique amount is still attributed to it (late). */
  LATE_PAYMENT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * Express's `trust proxy`: a hop count ("1"), true/false, or addresses and subnets ("loopback, 10.0.0.0/8").
   * Express reads any string as addresses, so a count must reach it as a number ("1" would be 0.0.0.1).
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): string | number | boolean =>
      /^\d+$/.test(v.trim()) ? Number(v) : v.trim() === 'true' ? true : v.trim() === 'false' ? false : v,
    ),
  /** Unset: seed outside production only (a production store must not sell generated demo keys). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  /** Where the built web app is (default web/dist); lets parallel builds use separate folders. */
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Sign-in/sign-up attempts allowed per IP and per account in one window. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Orders and tickets one user may create per hour (each order may carry a 5 MB proof). */
  ORDER_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  TICKET_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Password reset mails one address may be sent per hour (requests past it still answer true and send nothing). */
  PASSWORD_RESET_MAIL_LIMIT: z.coerce.number().int().positive().default(3),
  /** A customer's replies to their tickets per hour (staff replies are not limited: they work the queue). */
  TICKET_REPLY_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Payment proof bytes one account may have stored at once (MB); proofs of ended orders are swept. */
  PROOF_STORAGE_PER_USER_MB: z.coerce.number().positive().default(50),
  /**
   * Transaction IDs a customer may give per hour (submitTransactionId): per order, per account and per IP. Each one
   * is read from its chain at once (a chain API request) and may mail the customer, so it must not be free.
   */
  TRANSACTION_ID_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  TRANSACTION_ID_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  TRANSACTION_ID_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Orders with a payment proof one IP may place per hour (accounts are free; the IP is not). */
  PROOF_ORDER_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Days after its last update that an order which ended unpaid (not received, cancelled) keeps its proof. */
  PROOF_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  /**
   * Minutes an unpaid order holds its licence keys; then they go back to stock unless a payment was seen on chain.
   * An hour covers a customer who buys crypto to pay (BTCPay invoices: 15 minutes; Sellix: hours).
   */
  RESERVATION_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  /**
   * Licence keys one account's unpaid orders may hold at once. 5,000 lets a customer place the SSL bulk package's
   * 4,000-key minimum with room for a few ordinary orders, and stops a free account holding a whole product's stock.
   */
  MAX_UNPAID_KEYS_PER_ACCOUNT: z.coerce.number().int().positive().default(5000),
  /**
   * Minutes a quoted amount holds (docs/payments.md "The quote lock"): a payment sent later is re-quoted at the current
   * rate and accepted when it covers the dollar total. 30 covers a customer who buys the coin to pay (BTCPay: 15).
   */
  RATE_LOCK_MINUTES: z.coerce.number().positive().max(1440).default(30),
  /**
   * How much short (percent of the amount) a payment may be and still pay its order, when no other open order could
   * explain it (exchanges deduct their withdrawal fee); PAYMENT_TOLERANCE_PERCENT_<METHOD> overrides it per method.
   */
  PAYMENT_TOLERANCE_PERCENT: tolerancePercent,
  ...Object.fromEntries(
    REGISTERED_PAYMENT_METHODS.map((m) => [`PAYMENT_TOLERANCE_PERCENT_${m.key}`, tolerancePercent.optional()]),
  ),
  /** Hours a customer has to pay after checkout; then an order with nothing to show for a payment ends. */
  PAYMENT_WINDOW_HOURS: z.coerce.number().positive().default(24),
  /** Run durable jobs (e-mail, webhooks, payment windows) in this process; false when `npm run worker` runs them. */
  JOBS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Jobs one process runs at once (besides webhook deliveries, which have WEBHOOK_CONCURRENCY workers of their own). */
  JOBS_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /**
   * Webhook deliveries one process attempts at once, on workers of their own: an endpoint that never answers holds
   * these (each attempt for up to 10 s), never the workers that deliver keys, confirm payments and send mail.
   */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /**
   * Seconds without a heartbeat after which a process running jobs counts as dead, and another frees the jobs and
   * queues it held (graphile-worker alone waits 4 hours). Heartbeats are written every sixth of it.
   */
  JOBS_DEAD_WORKER_SECONDS: z.coerce.number().min(3).max(3600).default(30),
  /**
   * Seconds between round trips (`SELECT 1`) on the live-update bus's LISTEN connection: a connection that died
   * without closing (a NAT or load-balancer timeout, a failover) is noticed within this plus the timeout below and
   * replaced, instead of when the kernel gives up, possibly hours later.
   */
  BUS_KEEPALIVE_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  /** Seconds a keepalive round trip may take before the LISTEN connection counts as dead. */
  BUS_KEEPALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(5),
  /**
   * The database URL the live-update bus LISTENs through; unset: DATABASE_URL (or the embedded server's). For a
   * connection pooler in transaction mode, which cannot hold a LISTEN, point it at PostgreSQL itself; the chaos run
   * points it at a TCP proxy it can silence (docs/deployment.md "Chaos run").
   */
  BUS_DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  /**
   * The bearer token a Prometheus scraper sends to `GET /metrics`; unset: no `/metrics` route at all (404), so metrics
   * are never public by default.
   */
  METRICS_TOKEN: optionalString.refine(
    (value) => value === undefined || value.length >= 16,
    'must be at least 16 characters (openssl rand -hex 16)',
  ),
  /**
   * The port `npm run worker` serves `GET /metrics` (and `/healthz`) on, with METRICS_TOKEN: the jobs it runs are
   * counted in its own registry. Unset: the worker serves no HTTP.
   */
  // Blank (`WORKER_METRICS_PORT=`, as .env.example lists it) is unset, not port 0.
  WORKER_METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /** SMTP server for e-mail (smtp://user:pass@host:587, smtps://… for TLS from the start); unset: mail stays in the outbox. */
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  /** The From of every e-mail. */
  MAIL_FROM: z.string().trim().min(1).default(`${STORE_NAME} <no-reply@store.local>`),
  /** The store's address as customers reach it, for links in e-mails; unset: http://localhost:<PORT>. */
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /**
   * Attempts to hand one e-mail to the SMTP server before it is marked failed; retries wait exp(min(attempt, 10))
   * seconds, so the default 25 rides out an outage of about four days.
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(25),
  /**
   * Webhook endpoints may be (and deliveries may connect to) loopback, private, link-local and other internal
   * addresses; unset: yes outside production, no in production (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).optional(),
  /**
   * Attempts to deliver one webhook before it is marked failed; retries wait exp(min(attempt, 10)) seconds, so the
   * default 14 spreads them over about 28 hours.
   */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(14),
  /** What one client may hold open over graphql-ws (server/src/graphql/ws-limits.ts). */
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(100),
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().positive().default(10),
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().positive().default(20),
  WS_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().positive().default(20),
  /** Serve the GraphiQL IDE on GET /graphql to browsers; unset: on outside production, off in production. */
  GRAPHIQL: z.enum(['true', 'false']).optional(),
  /**
   * Whether a staff member must have a second factor (TOTP) before any staff operation (docs/staff-and-permissions.md
   * "Two-factor sign-in"); default true in production, false elsewhere (tests and the demo seed staff without one).
   */
  REQUIRE_STAFF_2FA: z.enum(['true', 'false']).optional(),
  /**
   * The CAPTCHA of sign-up and checkout (server/src/captcha): off, adaptive (asked past the per-IP counts below) or
   * always. Unset: adaptive in production, off outside it (tests and the demo sign up many accounts from one IP).
   */
  CAPTCHA: z.enum(['off', 'adaptive', 'always']).optional(),
  /** Adaptive: sign-up attempts one IP makes per hour before each further one needs a solved challenge. */
  CAPTCHA_SIGNUPS_PER_IP: z.coerce.number().int().min(0).default(3),
  /** Adaptive: orders one IP places per hour before each further one needs a solved challenge. */
  CAPTCHA_CHECKOUTS_PER_IP: z.coerce.number().int().min(0).default(5),
});

export type CaptchaMode = 'off' | 'adaptive' | 'always';

/** What one client may hold open over graphql-ws (enforced by server/src/graphql/ws-limits.ts). */
export interface WsLimitSettings {
  maxConnectionsPerIp: number;
  maxConnectionsPerUser: number;
  maxSubscriptionsPerConnection: number;
  /** Sustained rate; a burst of twice this many is allowed (a reconnect re-sends every subscribe at once). */
  maxMessagesPerSecond: number;
}

/** At most `max` attempts per key in each fixed window of `windowSeconds`. */
export interface RateLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: start the embedded PostgreSQL under dataDir. */
  readonly databaseUrl: string | undefined;
  readonly embeddedPgPort: number;
  /** Unset outside production: generated once into dataDir by the boot code. */
  readonly jwtSecret: string | undefined;
  /** Unset outside production: generated once into dataDir by the boot code (server/src/secrets.ts). */
  readonly keysEncryptionKey: string | undefined;
  readonly admin: { email: string; password: string } | undefined;
  /** Each payment method's settings, as its definition reads them (server/src/payments/methods/). */
  readonly paymentMethods: Readonly<Record<PaymentMethodKey, MethodSettings>>;
  /** The receiving address of each method that has one. */
  readonly payAddresses: Readonly<Partial<Record<PaymentMethodKey, string>>>;
  /**
   * Settings taken but worth an operator's look, as lines naming the variable ("PAY_ADDRESS_ETH: 0x… has no EIP-55
   * checksum…"): logged as warnings when a process starts (server/src/runtime.ts).
   */
  readonly settingWarnings: readonly string[];
  readonly fileUrlTtlSeconds: number;
  readonly trustProxy: string | number | boolean;
  readonly seedDemoData: boolean;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  readonly authRateLimit: RateLimit;
  readonly orderRateLimit: RateLimit;
  readonly ticketRateLimit: RateLimit;
  /** Password reset mails per address and hour. */
  readonly passwordResetMailLimit: RateLimit;
  readonly ticketReplyRateLimit: RateLimit;
  readonly proofStoragePerUserBytes: number;
  readonly proofOrderRateLimitPerIp: RateLimit;
  /** Transaction IDs given per hour: per order, per account, per IP. */
  readonly transactionIdRateLimits: { order: RateLimit; account: RateLimit; ip: RateLimit };
  readonly proofRetentionDays: number;
  readonly paymentWindowHours: number;
  /** Minutes an unpaid order holds its keys; keys held by one account's unpaid orders at most. */
  readonly reservationMinutes: number;
  readonly maxUnpaidKeysPerAccount: number;
  /** Minutes a quoted amount holds; the payment tolerance of each method, in percent. */
  readonly rateLockMinutes: number;
  readonly paymentTolerancePercent: Readonly<Record<PaymentMethodKey, number>>;
  /** Reading payments from the chains (docs/payments.md); each method's API is in `paymentMethods`. */
  readonly chains: {
    pollSeconds: number;
    latePaymentDays: number;
  };
  /** Exchange rates (server/src/rates/): providers in order, timing, guards, spread, each live provider's base URL. */
  readonly rates: {
    providers: readonly RateProviderName[];
    refreshSeconds: number;
    maxAgeSeconds: number;
    maxDivergencePercent: number;
    spreadPercent: number;
    baseUrls: Readonly<Partial<Record<RateProviderName, string>>>;
  };
  readonly jobs: { inProcess: boolean; concurrency: number; webhookConcurrency: number; deadWorkerSeconds: number };
  /**
   * The live-update bus's LISTEN connection: keepalive period and round-trip timeout (seconds), and the URL it
   * connects to when not the store's database URL.
   */
  readonly bus: { keepaliveSeconds: number; keepaliveTimeoutSeconds: number; databaseUrl: string | undefined };
  /** Bearer token of `GET /metrics`; undefined: the route does not exist. */
  readonly metricsToken: string | undefined;
  /** Where `npm run worker` serves its metrics (WORKER_METRICS_PORT); undefined: it serves no HTTP. */
  readonly workerMetricsPort: number | undefined;
  /**
   * E-mail: SMTP server (unset: messages stay in the outbox as not sent), From, the base of links (no trailing slash),
   * and the attempts per message before it is marked failed.
   */
  readonly mail: { smtpUrl: string | undefined; from: string; publicUrl: string; maxAttempts: number };
  /** Webhooks: whether endpoints may be internal addresses (off in production), attempts per delivery. */
  readonly webhooks: { allowPrivateUrls: boolean; maxAttempts: number };
  /** Directory of the built web app (index.html, assets, graphiql). */
  readonly webDistDir: string;
  readonly webSocketLimits: WsLimitSettings;
  /** Schema introspection (HTTP and WebSocket alike): on outside production, or with GraphiQL on. */
  readonly introspection: boolean;
  /** Whether browsers opening /graphql get the GraphiQL IDE (otherwise they reach the API like any client). */
  readonly graphiql: boolean;
  /** Staff without a second factor may only enrol (REQUIRE_STAFF_2FA). */
  readonly requireStaff2fa: boolean;
  /** When sign-up and checkout ask for a solved challenge; `adaptive`: past `max` per IP in the window. */
  readonly captcha: { mode: CaptchaMode; signUpsPerIp: RateLimit; checkoutsPerIp: RateLimit };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.KEYS_ENCRYPTION_KEY) {
    // A generated key on a server's disk would be lost with the machine, and every key in stock with it.
    throw new Error('KEYS_ENCRYPTION_KEY is required when NODE_ENV=production');
  }
  if (e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  if (e.NODE_ENV === 'production' && e.TRUST_PROXY === true) {
    // Every per-IP limit, the adaptive CAPTCHA and IP block rules read the client IP Express derives from it.
    throw new Error(
      'TRUST_PROXY=true trusts any X-Forwarded-For a client sends, so every per-IP limit and IP block rule could be dodged: set the number of proxies in front (e.g. 1) or their addresses',
    );
  }
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.PUBLIC_URL) {
    // Links in real e-mails would otherwise point customers at http://localhost.
    throw new Error('PUBLIC_URL is required when NODE_ENV=production and SMTP_URL is set');
  }
  // A mistyped receiving address would be shown to customers, who would pay it: checked in every NODE_ENV by each
  // method's definition (what production adds, EIP-55 checksums and mainnet only, is theirs too).
  const methods = configureMethods(e, { production: e.NODE_ENV === 'production' });
  const addressLines = methods.problems.map(([variable, value, problem]) => `  ${variable}: ${value} ${problem}`);
  if (addressLines.length > 0) throw new Error(`Invalid environment:\n${addressLines.join('\n')}`);
  const settingWarnings = methods.warnings.map(([variable, value, warning]) => `${variable}: ${value} ${warning}`);
  if (e.RATE_MAX_AGE_SECONDS <= e.RATE_REFRESH_SECONDS) {
    // Every answer would be stale before the next read: no price between two refreshes.
    throw new Error('RATE_MAX_AGE_SECONDS must be longer than RATE_REFRESH_SECONDS');
  }
  const rateUrls: Partial<Record<RateProviderName, string | undefined>> = {
    kraken: e.RATE_KRAKEN_URL,
    coinbase: e.RATE_COINBASE_URL,
    binance: e.RATE_BINANCE_URL,
    coingecko: e.RATE_COINGECKO_URL,
  };
  const graphiql = e.GRAPHIQL ? e.GRAPHIQL === 'true' : e.NODE_ENV !== 'production';
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET,
    keysEncryptionKey: e.KEYS_ENCRYPTION_KEY,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    paymentMethods: methods.settings,
    payAddresses: Object.freeze(
      Object.fromEntries(
        Object.entries(methods.settings).flatMap(([key, m]) => (m.address === undefined ? [] : [[key, m.address]])),
      ),
    ),
    settingWarnings: Object.freeze(settingWarnings),
    fileUrlTtlSeconds: e.FILE_URL_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    seedDemoData: e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === 'true' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowSeconds: e.AUTH_RATE_WINDOW_SECONDS },
    orderRateLimit: { max: e.ORDER_RATE_LIMIT, windowSeconds: 3600 },
    ticketRateLimit: { max: e.TICKET_RATE_LIMIT, windowSeconds: 3600 },
    passwordResetMailLimit: { max: e.PASSWORD_RESET_MAIL_LIMIT, windowSeconds: 3600 },
    ticketReplyRateLimit: { max: e.TICKET_REPLY_RATE_LIMIT, windowSeconds: 3600 },
    proofStoragePerUserBytes: Math.floor(e.PROOF_STORAGE_PER_USER_MB * 1024 * 1024),
    proofOrderRateLimitPerIp: { max: e.PROOF_ORDER_RATE_LIMIT_PER_IP, windowSeconds: 3600 },
    transactionIdRateLimits: Object.freeze({
      order: { max: e.TRANSACTION_ID_RATE_LIMIT, windowSeconds: 3600 },
      account: { max: e.TRANSACTION_ID_RATE_LIMIT_PER_ACCOUNT, windowSeconds: 3600 },
      ip: { max: e.TRANSACTION_ID_RATE_LIMIT_PER_IP, windowSeconds: 3600 },
    }),
    proofRetentionDays: e.PROOF_RETENTION_DAYS,
    paymentWindowHours: e.PAYMENT_WINDOW_HOURS,
    reservationMinutes: e.RESERVATION_MINUTES,
    maxUnpaidKeysPerAccount: e.MAX_UNPAID_KEYS_PER_ACCOUNT,
    rateLockMinutes: e.RATE_LOCK_MINUTES,
    paymentTolerancePercent: Object.freeze(
      Object.fromEntries(
        REGISTERED_PAYMENT_METHODS.map((m) => [
          m.key,
          (e as Record<string, unknown>)[`PAYMENT_TOLERANCE_PERCENT_${m.key}`] ?? e.PAYMENT_TOLERANCE_PERCENT,
        ]),
      ) as Record<PaymentMethodKey, number>,
    ),
    chains: Object.freeze({
      pollSeconds: e.PAYMENT_POLL_SECONDS,
      latePaymentDays: e.LATE_PAYMENT_DAYS,
    }),
    rates: Object.freeze({
      providers: Object.freeze(e.RATE_PROVIDERS),
      refreshSeconds: e.RATE_REFRESH_SECONDS,
      maxAgeSeconds: e.RATE_MAX_AGE_SECONDS,
      maxDivergencePercent: e.RATE_MAX_DIVERGENCE_PERCENT,
      spreadPercent: e.RATE_SPREAD_PERCENT,
      baseUrls: Object.freeze(
        Object.fromEntries(
          RATE_PROVIDER_NAMES.flatMap((name) => {
            const url = rateUrls[name] ?? rateProvider(name).defaultBaseUrl;
            return url === null || url === undefined ? [] : [[name, url.replace(/\/+$/, '')]];
          }),
        ),
      ),
    }),
    jobs: Object.freeze({
      inProcess: e.JOBS_IN_PROCESS,
      concurrency: e.JOBS_CONCURRENCY,
      webhookConcurrency: e.WEBHOOK_CONCURRENCY,
      deadWorkerSeconds: e.JOBS_DEAD_WORKER_SECONDS,
    }),
    metricsToken: e.METRICS_TOKEN,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    bus: Object.freeze({
      keepaliveSeconds: e.BUS_KEEPALIVE_SECONDS,
      keepaliveTimeoutSeconds: e.BUS_KEEPALIVE_TIMEOUT_SECONDS,
      databaseUrl: e.BUS_DATABASE_URL,
    }),
    mail: Object.freeze({
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    }),
    webhooks: Object.freeze({
      allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS
        ? e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true'
        : e.NODE_ENV !== 'production',
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    }),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : webDistDir,
    graphiql,
    introspection: e.NODE_ENV !== 'production' || graphiql,
    webSocketLimits: Object.freeze({
      maxConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP,
      maxConnectionsPerUser: e.WS_MAX_CONNECTIONS_PER_USER,
      maxSubscriptionsPerConnection: e.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      maxMessagesPerSecond: e.WS_MAX_MESSAGES_PER_SECOND,
    }),
    requireStaff2fa: e.REQUIRE_STAFF_2FA ? e.REQUIRE_STAFF_2FA === 'true' : e.NODE_ENV === 'production',
    captcha: Object.freeze({
      mode: e.CAPTCHA ?? (e.NODE_ENV === 'production' ? 'adaptive' : 'off'),
      signUpsPerIp: { max: e.CAPTCHA_SIGNUPS_PER_IP, windowSeconds: 3600 },
      checkoutsPerIp: { max: e.CAPTCHA_CHECKOUTS_PER_IP, windowSeconds: 3600 },
    }),
  });
}
