/**
 * graphql-ws on the HTTP server of `/graphql`: a WebSocket upgrade on `/graphql` speaks the
 * `graphql-transport-ws` protocol over the events schema (schema.ts).
 *
 * Authentication: the `connection_init` payload carries the bearer token (`authorization` or
 * `Authorization`: `Bearer <token>`, or `token`: `<token>`). No token or an invalid one closes the
 * socket with 4401 Unauthorized; a valid token that is not a business token (user, operator) with
 * 4403 Forbidden. Every connection's token is verified again every `recheckMs` (one verification per
 * distinct token, whatever the number of its connections): a revoked token, or a grant refreshed
 * into a new generation, closes its sockets with 4401, and each socket closes at its token's expiry.
 *
 * A socket carries at most {@link MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions at once: one more is
 * answered with a graphql-ws error message (extensions.code `TOO_MANY_SUBSCRIPTIONS`) and the socket
 * stays open. A dashboard needs one or two; each open subscription holds server memory and, on resume,
 * a database read, so one socket must not multiply them without bound.
 *
 * Errors read as on every GraphQL entry (socket-errors.ts): validation errors coded
 * `GRAPHQL_VALIDATION_FAILED`, unexpected errors masked, and in production no suggestion of a schema
 * name ("Did you mean ...?").
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, NoSchemaIntrospectionCustomRule, specifiedRules } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { isDatabaseUnavailable } from '../../subgraphs/kernel/db/outage.js';
import { log } from '../../subgraphs/kernel/logger.js';
import type { EventHub } from './event-hub.js';
import { EventStream } from './event-stream.js';
import { eventsSchema, type EventsArguments } from './schema.js';
import { socketErrorHooks } from './socket-errors.js';

/** Default of {@link SubscriptionServerOptions.recheckMs}. */
export const DEFAULT_TOKEN_RECHECK_MS = 5_000;
/** WebSocket close code for a server that cannot authenticate now (database outage): clients retry. */
export const TRY_AGAIN_LATER = 1013;
/** Subscriptions one socket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 10;
/** The largest message a client may send (a subscribe message is small). */
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** How long a closing socket may take to answer the close handshake at shutdown. */
const CLOSE_GRACE_MS = 1_000;
/** Node's setTimeout limit (~24.8 days); a later expiry is re-armed by the periodic check anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SubscriptionServerOptions {
  readonly authenticator: Authenticator;
  readonly hub: EventHub;
  /** EVENT_RETENTION_DAYS: how far back `after` may reach. */
  readonly retentionDays: number;
  /** Production hides introspection (as the HTTP gateway does) and internal error details. */
  readonly production: boolean;
  /** The upgrade path. Default `/graphql`. */
  readonly path?: string;
  /** How often every connection's token is verified again. Default {@link DEFAULT_TOKEN_RECHECK_MS}. */
  readonly recheckMs?: number;
}

/** graphql-ws attached to an HTTP server. */
export interface SubscriptionServer {
  /** Open, authenticated connections. */
  readonly connectionCount: number;
  /** Refuses new upgrades and closes every socket (1001 Going away). */
  close(): Promise<void>;
}

/** One authenticated socket. */
interface Connection {
  readonly socket: WebSocket;
  readonly token: string;
  readonly businessAccountId: string;
  /** The token's scopes: which event types its subscriptions may receive. */
  readonly scopes: ReadonlySet<string>;
  expiry: NodeJS.Timeout | undefined;
}

/** The per-connection values graphql-ws keeps in `ctx.extra`. */
interface ConnectionExtra extends Record<PropertyKey, unknown> {
  connection: Connection;
}

/** The context of an operation: the connection's business account and its token's scopes. */
interface SubscriptionContext {
  readonly businessAccountId: string;
  readonly scopes: ReadonlySet<string>;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The bearer token of a `connection_init` payload: `authorization`/`Authorization` (`Bearer <token>`)
 * or `token` (the token, with or without `Bearer `). Undefined when none is usable.
 */
export function connectionToken(payload: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!payload) return undefined;
  const header = payload.authorization ?? payload.Authorization;
  if (typeof header === 'string') return BEARER.exec(header.trim())?.[1];
  const token = payload.token;
  if (typeof token !== 'string') return undefined;
  const trimmed = token.trim();
  return BEARER.exec(trimmed)?.[1] ?? (trimmed === '' || /\s/.test(trimmed) ? undefined : trimmed);
}

function pathOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Serves the events schema over graphql-ws on `httpServer`'s upgrades to `options.path`. */
export function attachSubscriptions(httpServer: Server, options: SubscriptionServerOptions): SubscriptionServer {
  const path = options.path ?? '/graphql';
  const recheckMs = options.recheckMs ?? DEFAULT_TOKEN_RECHECK_MS;
  const byToken = new Map<string, Set<Connection>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  let closing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (pathOf(request) !== path) return refuseUpgrade(socket, '404 Not Found');
    if (closing) return refuseUpgrade(socket, '503 Service Unavailable');
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  httpServer.on('upgrade', onUpgrade);

  const forget = (connection: Connection): void => {
    clearTimeout(connection.expiry);
    const set = byToken.get(connection.token);
    set?.delete(connection);
    if (set?.size === 0) byToken.delete(connection.token);
  };

  const closeAll = (token: string, code: number, reason: string): void => {
    for (const connection of [...(byToken.get(token) ?? [])]) {
      forget(connection);
      connection.socket.close(code, reason);
    }
  };

  /** Verifies each distinct token once; closes the connections of those no longer valid. */
  let checking = false;
  const recheck = async (): Promise<void> => {
    if (checking) return;
    checking = true;
    try {
      for (const [token, connections] of [...byToken]) {
        const first = connections.values().next().value;
        if (!first) continue;
        let principal;
        try {
          principal = await options.authenticator.authenticate(`Bearer ${token}`);
        } catch (error) {
          // An outage is no verdict on the token: keep the sockets, check again next round.
          log('warn', 'event subscriptions: token re-check failed', { error });
          if (isDatabaseUnavailable(error)) return;
          continue;
        }
        if (principal.kind !== 'business' || principal.businessAccountId !== first.businessAccountId)
          closeAll(token, CloseCode.Unauthorized, 'Unauthorized: the token was revoked or is no longer valid');
      }
    } finally {
      checking = false;
    }
  };
  const recheckTimer = setInterval(() => void recheck(), recheckMs);
  recheckTimer.unref();

  const schema = eventsSchema(async (args: EventsArguments, context) => {
    const { businessAccountId, scopes } = context as SubscriptionContext;
    const stream = new EventStream({ businessAccountId, scopes, types: args.types }, options.hub, options.hub.store);
    return stream.open(args.after, options.retentionDays);
  });
  const rules = options.production ? [...specifiedRules, NoSchemaIntrospectionCustomRule] : specifiedRules;

  const { validate, onError, onNext } = socketErrorHooks(rules, options.production);

  const server = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      isProd: options.production,
      validate,
      onError,
      onNext,
      // graphql-ws lists the operation being subscribed in ctx.subscriptions before this hook runs.
      onSubscribe: (ctx) =>
        Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION
          ? [
              new GraphQLError(
                `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection; complete one first.`,
                { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } },
              ),
            ]
          : undefined,
      context: (ctx): SubscriptionContext => ({
        businessAccountId: ctx.extra.connection?.businessAccountId ?? '',
        scopes: ctx.extra.connection?.scopes ?? new Set(),
      }),
      onConnect: async (ctx) => {
        const socket = ctx.extra.socket;
        const token = connectionToken(ctx.connectionParams);
        if (!token) {
          socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
        let principal;
        try {
          principal = await options.authenticator.authenticate(`Bearer ${token}`);
        } catch (error) {
          log(isDatabaseUnavailable(error) ? 'warn' : 'error', 'event subscriptions: authentication failed', { error });
          socket.close(TRY_AGAIN_LATER, 'Try again later');
          return false;
        }
        if (principal.kind === 'anonymous') {
          socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
        // Returning false closes with 4403 Forbidden: a user or operator token has no business account.
        if (principal.kind !== 'business') return false;
        if (closing || socket.readyState !== socket.OPEN) return false;
        const connection: Connection = {
          socket,
          token,
          businessAccountId: principal.businessAccountId,
          scopes: principal.scopes,
          expiry: undefined,
        };
        const untilExpiry = Math.min(principal.expiresAt.getTime() - Date.now(), MAX_TIMER_MS);
        connection.expiry = setTimeout(
          () => {
            forget(connection);
            socket.close(CloseCode.Unauthorized, 'Unauthorized: the token expired');
          },
          Math.max(0, untilExpiry),
        );
        connection.expiry.unref();
        ctx.extra.connection = connection;
        let set = byToken.get(token);
        if (!set) {
          set = new Set();
          byToken.set(token, set);
        }
        set.add(connection);
        return true;
      },
      onClose: (ctx) => {
        if (ctx.extra.connection) forget(ctx.extra.connection);
      },
    },
    wss,
  );

  return {
    get connectionCount() {
      let count = 0;
      for (const set of byToken.values()) count += set.size;
      return count;
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(recheckTimer);
      httpServer.off('upgrade', onUpgrade);
      for (const set of byToken.values()) for (const connection of set) clearTimeout(connection.expiry);
      byToken.clear();
      const sockets = [...wss.clients];
      const closed = Promise.all(
        sockets.map((socket) =>
          socket.readyState === socket.CLOSED
            ? Promise.resolve()
            : new Promise<void>((resolve) => socket.once('close', () => resolve())),
        ),
      );
      // Closes every socket with 1001 Going away and the server.
      const disposed = server.dispose();
      const grace = setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, CLOSE_GRACE_MS);
      try {
        await Promise.all([closed, disposed]);
      } finally {
        clearTimeout(grace);
      }
    },
  };
}
