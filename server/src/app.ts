/**
 * The HTTP + WebSocket application: Express 5 with Apollo Server 5 on POST /graphql, graphql-ws on
 * ws://…/graphql, signed file downloads on /files, the GraphQL IDE on GET /graphql and the built web
 * app with SPA fallback. `createApp` takes a resolved config and a database URL and owns everything it
 * starts, so `close()` stops it all in order.
 */
import http from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { DataSource } from 'typeorm';
import { LIMITS } from '../../common/validation';
import { BlockRuleService } from './abuse/block-rule.service';
import { bearerToken, verifyAccessToken, type AuthUser } from './accounts/access-token';
import { SecondFactorService } from './accounts/second-factor.service';
import type { ResolvedConfig } from './app-config';
import { ProductService } from './catalogue/product.service';
import { Container } from './container';
import { Metrics } from './core/metrics';
import { keysFileRouter } from './orders/keys-file.route';
import { filesRouter } from './files/files.route';
import { productImagesRouter } from './catalogue/product-images.route';
import { createApolloServer } from './graphql/apollo-server';
import { CatalogueResponseCache } from './graphql/catalogue-response-cache';
import { createContext } from './graphql/context';
import { StaffRoles } from './staff/staff-roles.service';
import { ApiKeyService } from './staff/api-keys.service';
import { installAuditTrail } from './audit/audit-trail';
import { auditCsvRouter } from './audit/audit-csv.route';
import { looksLikeApiKey } from '../../common/api-keys';
import { graphiqlRoute } from './graphql/graphiql.route';
import { graphqlValidationRules, QUERY_LIMITS } from './graphql/limits';
import { buildAppSchema } from './graphql/schema';
import { startGraphqlWsServer } from './graphql/ws-server';
import { GuideService } from './guides/guide.service';
import { clientIpResolver } from './http/client-ip';
import { healthRoutes } from './http/health.routes';
import { metricsRoute } from './http/metrics.route';
import { httpErrorHandler } from './http/error-handler';
import { requirePreflightForMultipart } from './http/multipart-guard';
import { graphqlMultipart } from './http/multipart-upload';
import { COMPRESS_MIN_BYTES, compressResponses } from './http/compression';
import { catalogueHitPath } from './http/catalogue-hit-path';
import { assignRequestId } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { createServerRenderer } from './http/server-rendering';
import { seoRoutes } from './http/seo.routes';
import { serveWebApp } from './http/web-app';
import { createRuntime } from './runtime';

export interface App {
  server: http.Server;
  container: Container;
  db: DataSource;
  /** The bound port (useful with PORT=0). */
  port: number;
  url: string;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  config: ResolvedConfig;
  databaseUrl: string;
  /** Run migrations before serving (start-up does; tests on a migrated template skip it). */
  runMigrations?: boolean;
  /** Runs after migrations, before the server listens (start-up seeds the demo data here). */
  prepare?: (db: DataSource) => Promise<void>;
  poolSize?: number;
}

export async function createApp({
  config,
  databaseUrl,
  runMigrations = true,
  prepare,
  poolSize,
}: CreateAppOptions): Promise<App> {
  const runtime = await createRuntime({ config, databaseUrl, runMigrations, prepare, poolSize });
  const { db, container } = runtime;
  if (config.jobs.inProcess) await runtime.startJobs();
  // Checked from memory at sign-up, sign-in, refresh and checkout: loaded before the first request is served.
  await container.get(BlockRuleService).start();

  const schema = await buildAppSchema(container);
  const app = express();
  app.disable('x-powered-by');
  app.use(assignRequestId);
  app.use(securityHeaders());
  app.set('trust proxy', config.trustProxy);
  // JSON answers and rendered pages of 1 KiB or more (docs/decisions.md "Storefront rendering and compression");
  // built files are precompressed.
  app.use(compressResponses({ minBytes: COMPRESS_MIN_BYTES }));
  const products = container.get(ProductService);
  const hitPath = catalogueHitPath({
    products,
    rawBody: (res) => res.locals.rawBody as Buffer | undefined,
    etagOf: (body) => (app.get('etag fn') as (body: string) => string)(body),
  });
  // Kept catalogue answers go out before Express (http/catalogue-hit-path.ts); everything else is Express's. Every
  // request is timed and counted first, whichever answers it.
  const metrics = container.get(Metrics);
  const server = http.createServer((req, res) => {
    metrics.httpRequest(req, res);
    hitPath.handle(req, res, app);
  });

  const userFromToken = (token: string | null): AuthUser | null => verifyAccessToken(config.jwtSecret, token);
  const staffRoles = container.get(StaffRoles);
  const apiKeys = container.get(ApiKeyService);
  const secondFactors = container.get(SecondFactorService);
  // Who calls: an API key (`Bearer sk_store_…`) or an access token, with the account's role now, not the token's
  // claim, so a change of role or a revoked key applies to the next request (StaffRoles, ApiKeyService).
  const principalOf = async (req: express.Request): Promise<AuthUser | null> => {
    const token = bearerToken(req.headers.authorization);
    // A staff member without the factor REQUIRE_STAFF_2FA asks for is marked: `can()` then grants them nothing.
    return looksLikeApiKey(token)
      ? apiKeys.principal(token)
      : secondFactors.markUnenrolled(await staffRoles.current(userFromToken(token)));
  };
  // Staff and API-key mutations write their audit entry inside their own transaction (audit/audit-trail.ts).
  installAuditTrail(db);

  const clientIp = clientIpResolver(app);
  const validationRules = graphqlValidationRules(config);
  const ws = startGraphqlWsServer({
    server,
    schema,
    container,
    userFromToken,
    clientIp,
    validationRules,
    limits: config.webSocketLimits,
  });

  const apollo = createApolloServer({
    schema,
    validationRules,
    httpServer: server,
    catalogueResponses: container.get(CatalogueResponseCache),
    onCatalogueAnswer: hitPath.markCatalogueAnswer,
    onDrain: () => ws.close(),
    onOperation: (name, outcome) => metrics.graphqlOperation(name, outcome),
  });
  metrics.gaugeOnScrape('store_websocket_connections', 'Open graphql-ws connections in this process', () =>
    ws.connections(),
  );
  metrics.gaugeOnScrape(
    'store_websocket_watched_sockets',
    'Signed-in graphql-ws connections this process watches for blocks and ended sessions',
    () => ws.watchedSockets(),
  );
  await apollo.start();

  // Set at SIGTERM (`drain`): /readyz answers 503 so proxies and orchestrators stop sending new work here.
  let draining = false;
  app.use(healthRoutes({ db, busListening: () => runtime.bus.listening, draining: () => draining }));
  app.use(metricsRoute(metrics, config.metricsToken));
  app.use(filesRouter(container));
  app.use(productImagesRouter(container));
  app.use(keysFileRouter(container));
  app.use(auditCsvRouter(container, principalOf));
  // Off in production unless GRAPHIQL=true: a browser then reaches Apollo like any other client.
  if (config.graphiql) app.get('/graphql', graphiqlRoute(config.webDistDir));
  app.use(
    '/graphql',
    hitPath.keep,
    express.json({
      limit: QUERY_LIMITS.maxBodyBytes,
      // The bytes as sent: the hit path keeps a catalogue answer under its request body.
      verify: (_req, res: express.Response, body) => {
        res.locals.rawBody = body;
      },
    }),
    requirePreflightForMultipart,
    // busboy cuts a file that reaches maxFileSize, so one extra byte lets exactly 5 MB through; the
    // resolver's own cap (orders/payment-proof.ts) refuses anything larger. Two files at most:
    // issueCertificate takes a certificate and its chain.
    graphqlMultipart({ maxFileSize: LIMITS.proofBytes + 1, maxFiles: 2, maxFieldSize: QUERY_LIMITS.maxBodyBytes }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext({
          user: await principalOf(req),
          ip: clientIp(req),
          requestId: res.locals.requestId as string,
          container,
          req,
          res,
        }),
    }),
  );
  app.use(seoRoutes(products, config.mail.publicUrl));
  serveWebApp(
    app,
    config.webDistDir,
    createServerRenderer({
      webDistDir: config.webDistDir,
      apollo,
      container,
      products,
      guides: container.get(GuideService),
      publicUrl: config.mail.publicUrl,
    }),
  );
  app.use(httpErrorHandler);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Graceful drain (docs/deployment.md "Shutdown"): /readyz answers 503 from here on; Apollo's drain stops
      // accepting connections, closes idle keep-alive ones and WebSockets (clients reconnect to another replica),
      // lets requests in flight finish for up to 10 s, then cuts what is left.
      draining = true;
      await apollo.stop();
      await runtime.close();
    })());

  return { server, container, db, port, url: `http://127.0.0.1:${port}`, close };
}
