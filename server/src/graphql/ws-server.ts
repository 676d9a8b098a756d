/**
 * graphql-ws on ws://…/graphql: the same parse limits, validation rules and error masking as HTTP,
 * the user from `connectionParams`, and a socket that closes when its access token expires.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import {
  execute,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocket, WebSocketServer } from 'ws';
import { bearerToken, type AuthUser } from '../accounts/access-token';
import { AccountBlocks } from '../accounts/account-block.service';
import { SecondFactorService } from '../accounts/second-factor.service';
import type { Container } from '../container';
import { whileDatabaseUnavailable } from '../core/database-unavailable';
import { EventBus } from '../core/event-bus';
import { logger, runWithRequestId } from '../core/logger';
import { createContext, type RequestContext } from './context';
import { BlockedAccountSockets } from './blocked-account-sockets';
import { SessionService } from '../accounts/session.service';
import { StaffRoles } from '../staff/staff-roles.service';
import { formatError } from './format-error';
import { QUERY_LIMITS } from './limits';
import { subscribeSharingResults } from './shared-subscribe';
import { WsLimits, type WsLimitSettings } from './ws-limits';

/** Distinct valid subscription documents kept parsed (the oldest is dropped beyond this). */
const WS_DOCUMENT_CACHE_SIZE = 500;

/** Runs an operation's work in its log scope: every line it logs carries its `requestId`. */
function inOperationScope<T>(args: Pick<ExecutionArgs, 'contextValue'>, run: () => T): T {
  return runWithRequestId((args.contextValue as RequestContext).requestId, run);
}

export interface GraphqlWsServer {
  /** Closes every socket and stops accepting new ones. */
  close(): Promise<void>;
  /** Open sockets now (metrics). */
  connections(): number;
  /** Signed-in sockets watched for blocks and ended sessions (BlockedAccountSockets). */
  watchedSockets(): number;
}

export function startGraphqlWsServer(options: {
  server: http.Server;
  schema: GraphQLSchema;
  container: Container;
  userFromToken: (token: string | null) => AuthUser | null;
  /** The client's address by the same rule as HTTP (TRUST_PROXY). */
  clientIp: (request: http.IncomingMessage) => string;
  /** The same validation rules as HTTP (limits, and no introspection where it is off). */
  validationRules: readonly ValidationRule[];
  limits: WsLimitSettings;
}): GraphqlWsServer {
  const { server, schema, container, userFromToken, clientIp, validationRules } = options;
  const limits = new WsLimits(options.limits);
  const blocks = container.get(AccountBlocks);
  const sessions = container.get(SessionService);
  const staffRoles = container.get(StaffRoles);
  // REQUIRE_STAFF_2FA: staff without a factor are marked so `can()` grants them nothing (as over HTTP, app.ts).
  const secondFactors = container.get(SecondFactorService);
  const blockedSockets = new BlockedAccountSockets(container.get(EventBus), sessions, staffRoles);
  // Valid documents are cached by their text, as Apollo does for HTTP: thousands of clients subscribing
  // with the same query share one parsed document (parse + validate once; README "Performance").
  const documents = new Map<string, DocumentNode>();
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: QUERY_LIMITS.maxWsMessageBytes });
  // Registered before graphql-ws's own listener (useServer below), so limits see each socket first.
  wsServer.on('connection', (socket, request) => limits.admitSocket(socket, clientIp(request)));
  const cleanup = useServer<
    Record<string, unknown>,
    { ip?: string; user?: AuthUser | null; expiry?: NodeJS.Timeout; admittedUserId?: string }
  >(
    {
      schema,
      execute: (args) => inOperationScope(args, () => execute(args)),
      // The event stream is created here, so its later events are handled in this scope too.
      subscribe: (args) => inOperationScope(args, () => subscribeSharingResults(args)),
      // One socket carries many operations: each subscribe gets its own request id.
      // The role now, not the token's claim (StaffRoles): a subscription started after a change of role is checked
      // against the new one, and the change itself closes the sockets opened before it (BlockedAccountSockets).
      // A failure here or in onConnect closes the socket with 4500, which graphql-ws clients never reconnect after:
      // their database reads wait out a database that is away for a moment (a restart) instead.
      context: async (ctx) =>
        createContext({
          user: await whileDatabaseUnavailable(
            async () => secondFactors.markUnenrolled(await staffRoles.current(ctx.extra.user ?? null)),
            { key: ctx.extra.ip ?? 'unknown' },
          ),
          ip: ctx.extra.ip ?? 'unknown',
          requestId: randomUUID(),
          container,
        }),
      onConnect: async (ctx) => {
        ctx.extra.ip = clientIp(ctx.extra.request);
        const params = ctx.connectionParams ?? {};
        const raw = params.authorization ?? params.Authorization ?? params.accessToken;
        const user = userFromToken(typeof raw === 'string' ? (bearerToken(raw) ?? raw) : null);
        ctx.extra.user = user;
        if (user) {
          if (!limits.admitUser(ctx.extra.socket, user.id)) return false;
          ctx.extra.admittedUserId = user.id;
          const credential = { sessionId: user.sessionId, issuedAt: user.issuedAt };
          // One wait for the database around all the checks (registering the socket again replaces its entry).
          const admitted = await whileDatabaseUnavailable(
            async () => {
              const role = await staffRoles.roleOf(user.id);
              // A socket closed meanwhile has been removed (onClose): registering it again would keep it for good.
              if (ctx.extra.socket.readyState !== WebSocket.OPEN) return false;
              // Registered before the check: a block committed meanwhile finds the socket, or the check sees it.
              blockedSockets.add(user.id, ctx.extra.socket, credential, role);
              // A blocked account's token may not have expired yet: refused (4403 Forbidden, not retried).
              if (await blocks.isBlocked(user.id)) return false;
              // Nor may a token of an ended session (revoked, signed out everywhere, password reset) open one.
              const { allowed } = await sessions.socketsAllowed(user.id, [credential]);
              return allowed[0];
            },
            { key: ctx.extra.ip ?? 'unknown' },
          );
          if (!admitted) return false;
        }
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
      onClose: (ctx) => {
        clearTimeout(ctx.extra.expiry);
        if (ctx.extra.admittedUserId) {
          limits.releaseUser(ctx.extra.admittedUserId);
          blockedSockets.remove(ctx.extra.admittedUserId, ctx.extra.socket);
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws registers the new id before this hook, so the count includes it.
        const refusal = limits.subscriptionRefusal(Object.keys(ctx.subscriptions).length);
        if (refusal) return refusal;
        let document = documents.get(payload.query);
        if (!document) {
          try {
            document = parse(payload.query, { maxTokens: QUERY_LIMITS.maxTokens });
          } catch (error) {
            const message = error instanceof GraphQLError ? error.message : 'Invalid query';
            return [new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
          }
          const errors = validate(schema, document, [...specifiedRules, ...validationRules]);
          if (errors.length > 0) {
            return errors.map(
              (e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
            );
          }
          if (documents.size >= WS_DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value!);
          documents.set(payload.query, document);
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
      onNext: (_ctx, _id, _payload, args, result) =>
        result.errors
          ? inOperationScope(args, () => ({
              ...result,
              errors: result.errors!.map((error) => formatError(error.toJSON(), error)),
            }))
          : undefined,
    },
    wsServer,
  );
  // graphql-ws answers any socket error with console.error and a stack trace, so every client that sends a frame over
  // maxPayload would write one to stderr. ws has already closed such a socket with the protocol's code (1009 for a
  // frame over maxPayload, 1002 or 1007 for a malformed one): the client's mistake gets a debug line instead.
  // Registered after useServer's own connection listener, so the listener it replaces is already there.
  wsServer.on('connection', (socket, request) => {
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) =>
      logger.debug({ code: error.code, ip: clientIp(request) }, `WebSocket closing: ${error.message}`),
    );
  });
  return {
    async close() {
      blockedSockets.stop();
      await cleanup.dispose();
      wsServer.close();
    },
    connections: () => wsServer.clients.size,
    watchedSockets: () => blockedSockets.size,
  };
}
