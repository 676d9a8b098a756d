/**
 * The HTTP + WebSocket application: Express 5 with Apollo Server 5 on POST /graphql, graphql-ws on
 * ws://…/graphql, signed file downloads on /files, the GraphQL IDE on GET /graphql and the built web
 * app with SPA fallback. `createApp` takes a resolved config and a database URL and owns everything it
 * starts, so `close()` stops it all in order.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { execute, GraphQLError, parse, validate, specifiedRules, type DocumentNode } from 'graphql';
import { graphqlUploadExpress } from 'graphql-upload-minimal';
import { useServer } from 'graphql-ws/use/ws';
import { DataSource } from 'typeorm';
import { WebSocketServer } from 'ws';
import { LIMITS } from '../../common/validation';
import { bearerToken, verifyAccessToken, type AuthUser } from './accounts/access-token';
import { AppConfig, type ResolvedConfig } from './app-config';
import { catalogueResponseCache } from './catalogue/catalogue-response-cache';
import { ProductService } from './catalogue/product.service';
import { Container } from './container';
import { createDataSource } from './db/data-source';
import { FileStore, PgFileStore } from './files/file-store';
import { filesRouter } from './files/files.route';
import { createContext, type RequestContext } from './graphql/context';
import { formatError } from './graphql/errors';
import { EventBus, PgEventBus } from './graphql/event-bus';
import { graphiqlRoute } from './graphql/graphiql.route';
import { limitRules, QUERY_LIMITS } from './graphql/limits';
import { buildAppSchema } from './graphql/schema';
import { subscribeSharingResults } from './graphql/shared-subscribe';
import { logger } from './logger';

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

/** Distinct valid subscription documents kept parsed (the oldest is dropped beyond this). */
const WS_DOCUMENT_CACHE_SIZE = 500;

function clientIp(req: http.IncomingMessage & { ip?: string }): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Multipart bodies are parsed only for requests that prove they are not a cross-site form post. */
function requirePreflightForMultipart(req: express.Request, res: express.Response, next: express.NextFunction): void {
  if (req.is('multipart/form-data') && !req.get('apollo-require-preflight') && !req.get('x-apollo-operation-name')) {
    res.status(400).json({
      errors: [
        {
          message: 'Multipart requests must carry a non-empty Apollo-Require-Preflight header (CSRF protection)',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    return;
  }
  next();
}

export async function createApp({
  config,
  databaseUrl,
  runMigrations = true,
  prepare,
  poolSize,
}: CreateAppOptions): Promise<App> {
  const db = createDataSource({ url: databaseUrl, poolSize });
  await db.initialize();
  if (runMigrations) await db.runMigrations({ transaction: 'each' });
  await prepare?.(db);

  const container = new Container();
  const appConfig = new AppConfig(config);
  const bus = await PgEventBus.connect(databaseUrl, (sql, params) => db.query(sql, params));
  container
    .set(AppConfig, appConfig)
    .set(DataSource, db)
    .set(EventBus, bus as EventBus);
  container.set(FileStore, container.get(PgFileStore));

  const schema = await buildAppSchema(container);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const server = http.createServer(app);

  const userFromToken = (token: string | null): AuthUser | null => verifyAccessToken(config.jwtSecret, token);

  // WebSocket: graphql-ws with the same parse limits and validation rules as HTTP. Valid documents
  // are cached by their text, as Apollo does for HTTP: thousands of clients subscribing with the same
  // query share one parsed document (parse + validate once; measured in bench/, README "Performance").
  const wsDocuments = new Map<string, DocumentNode>();
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: QUERY_LIMITS.maxWsMessageBytes });
  const wsCleanup = useServer<
    Record<string, unknown>,
    { ip?: string; user?: AuthUser | null; expiry?: NodeJS.Timeout }
  >(
    {
      schema,
      execute,
      subscribe: subscribeSharingResults,
      context: (ctx) => createContext({ user: ctx.extra.user ?? null, ip: ctx.extra.ip ?? 'unknown', container }),
      onConnect: (ctx) => {
        ctx.extra.ip = clientIp(ctx.extra.request);
        const params = ctx.connectionParams ?? {};
        const raw = params.authorization ?? params.Authorization ?? params.accessToken;
        const user = userFromToken(typeof raw === 'string' ? (bearerToken(raw) ?? raw) : null);
        ctx.extra.user = user;
        // A connection is only as good as its token: when the token expires the socket closes (4401),
        // and the client reconnects with a fresh one, so a signed-out or demoted user stops receiving.
        if (user?.expiresAt) {
          ctx.extra.expiry = setTimeout(
            () => ctx.extra.socket.close(4401, 'Access token expired'),
            Math.max(0, user.expiresAt.getTime() - Date.now()),
          );
          ctx.extra.expiry.unref();
        }
        return true;
      },
      onClose: (ctx) => clearTimeout(ctx.extra.expiry),
      onSubscribe: (_ctx, _id, payload) => {
        let document = wsDocuments.get(payload.query);
        if (!document) {
          try {
            document = parse(payload.query, { maxTokens: QUERY_LIMITS.maxTokens });
          } catch (error) {
            const message = error instanceof GraphQLError ? error.message : 'Invalid query';
            return [new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
          }
          const errors = validate(schema, document, [...specifiedRules, ...limitRules]);
          if (errors.length > 0) {
            return errors.map(
              (e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
            );
          }
          if (wsDocuments.size >= WS_DOCUMENT_CACHE_SIZE) wsDocuments.delete(wsDocuments.keys().next().value!);
          wsDocuments.set(payload.query, document);
        }
        return {
          schema,
          document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
        };
      },
      // Errors leave through the same formatError as HTTP: codes kept, internals masked and logged.
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error.toJSON(), error)),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) }
          : undefined,
    },
    wsServer,
  );

  const apollo = new ApolloServer<RequestContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    validationRules: limitRules,
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    csrfPrevention: true,
    // main.ts owns SIGINT/SIGTERM and stops everything in order; Apollo's own handlers would race it.
    stopOnTerminationSignals: false,
    plugins: [
      // Our bundled GraphiQL (graphiql.route.ts) is the IDE; Apollo's landing page would load from a CDN.
      ApolloServerPluginLandingPageDisabled(),
      // No field has cache hints and no response is HTTP-cached; Apollo's default cache-control plugin
      // would still wrap every field resolver to compute them (measured: bench/, README "Performance").
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      catalogueResponseCache(container.get(ProductService)),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(filesRouter(container));
  app.get('/graphql', graphiqlRoute(config.webDistDir));
  app.use(
    '/graphql',
    express.json({ limit: QUERY_LIMITS.maxBodyBytes }),
    requirePreflightForMultipart,
    // busboy cuts a file that reaches maxFileSize, so one extra byte lets exactly 5 MB through; the
    // resolver's own cap (orders/payment-proof.ts) refuses anything larger. Two files at most:
    // issueCertificate takes a certificate and its chain.
    graphqlUploadExpress({ maxFileSize: LIMITS.proofBytes + 1, maxFiles: 2, maxFieldSize: QUERY_LIMITS.maxBodyBytes }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext({
          user: userFromToken(bearerToken(req.headers.authorization)),
          ip: clientIp(req),
          container,
          req,
          res,
        }),
    }),
  );
  serveWebApp(app, config.webDistDir);
  // Body-parser errors (too large, malformed JSON) answer in GraphQL's error shape, without internals.
  app.use(
    (
      error: { status?: number; type?: string; message?: string },
      _req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      if (res.headersSent) return next(error);
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      if (status === 500) logger.error('Unhandled HTTP error', { error: String(error?.message ?? error) });
      const message =
        error.type === 'entity.too.large'
          ? `Request body is too large (the limit is ${QUERY_LIMITS.maxBodyBytes / 1024} kB)`
          : status === 500
            ? 'Internal server error'
            : (error.message ?? 'Bad request');
      res.status(status).json({
        errors: [
          {
            message,
            extensions: {
              code: status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
            },
          },
        ],
      });
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await apollo.stop(); // drains HTTP and disposes graphql-ws
      wsServer.close();
      await bus.close();
      await db.destroy();
    })());

  return { server, container, db, port, url: `http://127.0.0.1:${port}`, close };
}

/** The built web app: hashed assets cached for a year, everything else revalidated, SPA fallback to index.html. */
function serveWebApp(app: express.Express, webDistDir: string): void {
  const indexFile = path.join(webDistDir, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(webDistDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(express.static(webDistDir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/(graphql|files|assets)(\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    // `root` keeps send's dotfile check to the file name, so a build under .test-data/ is served too.
    res.set('Cache-Control', 'no-cache').sendFile('index.html', { root: webDistDir });
  });
}
