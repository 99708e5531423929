/**
 * The HTTP basics every entry point shares (one-process service, subgraph, gateway, facade and worker
 * services): an express app that echoes `X-Request-Id`, traces, logs and measures each request and
 * serves `/metrics`, and a listener that shuts down gracefully.
 */
import express, { type Express } from 'express';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Env } from '../env.js';
import { log, setLogLevel } from '../logger.js';
import { accessLog } from '../observability/access-log.js';
import { requestTelemetry } from '../observability/http-telemetry.js';
import { mountMetrics } from '../observability/metrics.js';
import { installTracing, TRACING_OFF } from '../observability/tracing.js';
import { answerClientError } from './client-error.js';
import { requestIdMiddleware } from './request-id.js';

/** What {@link createHttpApp} reads of the configuration (a whole {@link Env} will do). */
export type HttpAppEnv = Pick<Env, 'trustProxy' | 'nodeEnv' | 'logLevel' | 'metricsToken' | 'tracing'>;

/** Defaults for apps made without configuration (unit tests): test mode, tracing off. */
const DEFAULT_APP_ENV: HttpAppEnv = {
  trustProxy: 'loopback',
  nodeEnv: 'test',
  logLevel: 'info',
  metricsToken: undefined,
  tracing: TRACING_OFF,
};

/**
 * An express app with `X-Request-Id` on every response, no `X-Powered-By`, a span, an access log
 * line (not in NODE_ENV=test, which stays quiet) and metrics for every request, and `GET /metrics`
 * (see mountMetrics for who may read it). `role` names the process in traces
 * (`retail-media-<role>`): all-in-one, gateway, facade, subgraph-<name>, worker.
 */
export function createHttpApp(env: HttpAppEnv = DEFAULT_APP_ENV, role = 'all-in-one'): Express {
  setLogLevel(env.logLevel);
  installTracing(env.tracing, role);
  const app = express();
  app.disable('x-powered-by');
  // Client IPs (rate limits, audit rows) come from X-Forwarded-For only when a local proxy sent it.
  app.set('trust proxy', env.trustProxy);
  app.use(requestIdMiddleware);
  app.use(requestTelemetry());
  // Its lines are all `info`: above that level it would only build a child logger per request for nothing.
  if (env.nodeEnv !== 'test' && (env.logLevel === 'info' || env.logLevel === 'debug')) app.use(accessLog(env.logLevel));
  mountMetrics(app, { token: env.metricsToken, nodeEnv: env.nodeEnv });
  return app;
}

/** Apps whose listener is shutting down: `/readyz` answers 503 for them (see {@link isDraining}). */
const drainingApps = new WeakSet<Express>();

/** True once {@link HttpListener.close} was called for the server of `app`. */
export function isDraining(app: Express): boolean {
  return drainingApps.has(app);
}

/** A listening HTTP server. */
export interface HttpListener {
  readonly httpServer: Server;
  /** The bound port (useful when asked for port 0). */
  readonly port: number;
  /** Base URL on loopback, e.g. `http://127.0.0.1:4000`. */
  readonly url: string;
  /**
   * Shuts down gracefully and resolves once every connection is closed: marks the app not ready,
   * stops accepting connections, lets requests in flight finish (answered with `Connection: close`),
   * closes idle keep-alive connections, and after the shutdown timeout drops whatever is left.
   * Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/** Options of {@link listenHttp}. */
export interface ListenOptions {
  /** How long {@link HttpListener.close} waits for requests in flight before dropping them. Default 10 s. */
  readonly shutdownTimeoutMs?: number;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * How long a keep-alive connection must have been idle before shutdown closes it. A client may have
 * sent its next request on it already (on the wire or in the socket buffer, not yet read): closing it
 * then would drop that request. A connection that was busy shortly before gets this long to bring its
 * next request, which is read, answered with `Connection: close`, and ends the connection; one idle
 * this long is closed. Checked every {@link IDLE_SWEEP_MS}, and only after the event loop has read what
 * arrived (a sweep runs in `setImmediate`, after the poll phase): a loop blocked past the grace cannot
 * make a request that is waiting in the buffer look idle.
 */
const IDLE_GRACE_MS = 1_000;
const IDLE_SWEEP_MS = 100;

/**
 * False once the connection was upgraded (a WebSocket): node's HTTP server then lets go of it (its
 * parser is gone, as `closeIdleConnections` also reads it), and whoever took it over closes it.
 */
function speaksHttp(socket: Socket): boolean {
  return (socket as Socket & { parser?: unknown }).parser != null;
}

/** Listens on `port` (0: any free port) and `host`; rejects when the port cannot be bound. */
export async function listenHttp(
  app: Express,
  port: number,
  host: string,
  options: ListenOptions = {},
): Promise<HttpListener> {
  const inFlight = new Set<ServerResponse>();
  /** Every open connection: its responses not yet finished, and when it last finished one (or opened). */
  const connections = new Map<Socket, { busy: number; idleSince: number }>();
  let draining = false;
  const httpServer = createServer((req, res) => {
    inFlight.add(res);
    const connection = connections.get(req.socket);
    if (connection) connection.busy += 1;
    res.once('close', () => {
      inFlight.delete(res);
      if (connection) {
        connection.busy -= 1;
        connection.idleSince = performance.now();
      }
    });
    // A request read during shutdown is served, and its connection ends after the response.
    if (draining) res.setHeader('Connection', 'close');
    app(req, res);
  });
  httpServer.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // What the HTTP parser refuses (e.g. a raw UTF-8 query) is answered with a problem, not an empty 400.
  httpServer.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const bound = (httpServer.address() as AddressInfo).port;
  const timeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  let closing: Promise<void> | undefined;
  const drain = async (): Promise<void> => {
    draining = true;
    drainingApps.add(app);
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    // net.Server's close stops accepting and resolves when the last connection ends. http.Server's
    // own close() would also drop idle keep-alive connections at once (see IDLE_GRACE_MS).
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(httpServer, () => resolve()));
    const closeIdle = () => {
      const now = performance.now();
      for (const [socket, { busy, idleSince }] of connections)
        if (busy === 0 && now - idleSince >= Math.min(IDLE_GRACE_MS, timeoutMs) && speaksHttp(socket)) socket.destroy();
    };
    const idle = setInterval(() => setImmediate(closeIdle), IDLE_SWEEP_MS);
    const force = setTimeout(() => {
      log('warn', 'shutdown timeout: closing connections with requests still in flight', {
        requestsInFlight: inFlight.size,
        timeoutMs,
      });
      httpServer.closeAllConnections();
    }, timeoutMs);
    try {
      await closed;
    } finally {
      clearInterval(idle);
      clearTimeout(force);
    }
  };
  return {
    httpServer,
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close() {
      closing ??= drain();
      return closing;
    },
  };
}
