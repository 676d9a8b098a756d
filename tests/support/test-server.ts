/**
 * A real server for API tests: `startTestServer()` copies the template database, starts the app on a
 * free port (HTTP + WebSocket) and returns helpers that speak to it the way an API consumer does:
 * JSON over HTTP, multipart uploads, graphql-ws subscriptions.
 *
 * Typical file:
 *   let server: TestServer;
 *   beforeAll(async () => (server = await startTestServer()));
 *   afterAll(() => server.close());
 */
import { randomBytes } from 'node:crypto';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signAccessToken } from '../../server/src/accounts/access-token';
import { insertAccount, normalizeEmail } from '../../server/src/accounts/account-records';
import { hashPassword } from '../../server/src/accounts/password';
import type { StaffRoleName } from '../../common/staff';
import { createApp, type App } from '../../server/src/app';
import type { ResolvedConfig } from '../../server/src/app-config';
import { loadConfig } from '../../server/src/config';
import { setLogLevel } from '../../server/src/core/logger';
import { createTestDatabase, dropTestDatabase } from './database';
import { TEST_ADDRESSES, TEST_KEYS_ENCRYPTION_KEY } from './fixtures';

// Shared with the browser tests; re-exported so that API tests keep importing them from here.
export { PNG_1x1, TEST_ADDRESSES, TEST_KEYS_ENCRYPTION_KEY } from './fixtures';

export interface GqlResponse<T = Record<string, any>> {
  status: number;
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[];
  headers: Headers;
}

export interface RequestOptions {
  token?: string | null;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
  token: string;
  isAdmin: boolean;
}

export interface TestServer {
  app: App;
  url: string;
  wsUrl: string;
  config: ResolvedConfig;
  databaseName: string;
  databaseUrl: string;
  /** POST a GraphQL operation as JSON. */
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<GqlResponse<T>>;
  /** POST a GraphQL multipart request (graphql-multipart-request-spec) with one file at `variables.<fileVariable>`. */
  upload<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown>,
    file: UploadFile | null,
    options?: RequestOptions & { fileVariable?: string; preflight?: boolean },
  ): Promise<GqlResponse<T>>;
  /** A graphql-ws client; close it with `dispose()`. */
  ws(token?: string | null): WsClient;
  /**
   * Seeds a user (with profile, and a staff role if asked: `admin` is OWNER) straight into the database and mints a
   * token.
   */
  createUser(options?: {
    admin?: boolean;
    staffRole?: StaffRoleName;
    email?: string;
    fullName?: string;
    password?: string;
  }): Promise<TestUser>;
  /** Raw SQL on this test's database. */
  sql<R = any>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/** Test environment: every payment address configured, generous auth throttling, quiet logs. */
export function testEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
    PAY_ADDRESS_BTC: TEST_ADDRESSES.BTC,
    PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
    AUTH_RATE_LIMIT: '1000',
    ORDER_RATE_LIMIT: '1000',
    TICKET_RATE_LIMIT: '1000',
    PASSWORD_RESET_MAIL_LIMIT: '1000',
    TICKET_REPLY_RATE_LIMIT: '1000',
    // One key for every test server, so servers sharing a database read each other's keys.
    KEYS_ENCRYPTION_KEY: TEST_KEYS_ENCRYPTION_KEY,
    ...overrides,
  };
}

export async function startTestServer(
  options: { env?: Record<string, string>; jwtSecret?: string; database?: { name: string; url: string } } = {},
): Promise<TestServer> {
  const env = testEnv(options.env);
  const config: ResolvedConfig = {
    ...loadConfig(env),
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
    keysEncryptionKey: TEST_KEYS_ENCRYPTION_KEY,
  };
  setLogLevel(config.logLevel);
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const app = await createApp({ config, databaseUrl: database.url, poolSize: 10 });
  const url = app.url;
  const wsUrl = url.replace(/^http/, 'ws') + '/graphql';

  const headersFor = (options: RequestOptions = {}): Record<string, string> => ({
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  });

  const toResponse = async <T>(res: Response): Promise<GqlResponse<T>> => {
    const text = await res.text();
    let body: { data?: T; errors?: GqlResponse['errors'] } = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { errors: [{ message: text }] };
    }
    return { status: res.status, data: body.data, errors: body.errors, headers: res.headers };
  };

  const sockets: WsClient[] = [];

  const server: TestServer = {
    app,
    url,
    wsUrl,
    config,
    databaseName: database.name,
    databaseUrl: database.url,
    async gql(query, variables, options) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(options) },
        body: JSON.stringify({ query, variables }),
      });
      return toResponse(res);
    },
    async upload(query, variables, file, options = {}) {
      const fileVariable = options.fileVariable ?? 'proof';
      const form = new FormData();
      form.append('operations', JSON.stringify({ query, variables: { ...variables, [fileVariable]: null } }));
      form.append('map', JSON.stringify(file ? { 0: [`variables.${fileVariable}`] } : {}));
      if (file) form.append('0', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          ...(options.preflight === false ? {} : { 'apollo-require-preflight': 'true' }),
          ...headersFor(options),
        },
        body: form,
      });
      return toResponse(res);
    },
    ws(token) {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: true,
      });
      sockets.push(client);
      return client;
    },
    async createUser(opts = {}) {
      const email = normalizeEmail(opts.email ?? `user-${randomBytes(5).toString('hex')}@example.com`);
      const password = opts.password ?? 'Passw0rdOK';
      const fullName = opts.fullName ?? 'Test Customer';
      const passwordHash = await hashPassword(password);
      const role = opts.staffRole ?? (opts.admin ? 'OWNER' : null);
      const roles = role ? [role] : [];
      const id = await app.db.transaction((tx) => insertAccount(tx, { email, passwordHash, fullName, roles }));
      const { token } = signAccessToken(config.jwtSecret, { id, roles });
      return { id, email, password, fullName, token, isAdmin: !!role };
    },
    sql(text, params) {
      return app.db.query(text, params);
    },
    async close() {
      await Promise.all(sockets.map((s) => s.dispose()));
      await app.close();
      if (ownsDatabase) await dropTestDatabase(database.name);
    },
  };
  return server;
}

/** Waits for the next result of a graphql-ws subscription, failing after `timeoutMs`. */
export function subscribeOnce<T = any>(
  client: WsClient,
  payload: { query: string; variables?: Record<string, unknown> },
): { next(timeoutMs?: number): Promise<{ data?: T; errors?: any[] }>; dispose(): void; ready: Promise<void> } {
  const queue: { data?: T; errors?: any[] }[] = [];
  const waiters: ((v: { data?: T; errors?: any[] }) => void)[] = [];
  const deliver = (value: { data?: T; errors?: any[] }) => {
    const waiter = waiters.shift();
    if (waiter) waiter(value);
    else queue.push(value);
  };
  const dispose = client.subscribe<T>(payload, {
    next: (value) => deliver(value as { data?: T; errors?: any[] }),
    error: (error) => deliver({ errors: Array.isArray(error) ? error : [error] }),
    complete: () => undefined,
  });
  return {
    // The server has registered the subscription once the socket is open and a short tick has passed.
    ready: new Promise((resolve) => setTimeout(resolve, 300)),
    next(timeoutMs = 5000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No subscription result within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    dispose,
  };
}
