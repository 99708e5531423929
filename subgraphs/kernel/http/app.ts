/**
 * The HTTP basics every entry point shares (one-process service, subgraph, gateway and facade
 * services): an express app that echoes `X-Request-Id`, and a listener that closes cleanly.
 */
import express, { type Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestIdMiddleware } from './request-id.js';

/** An express app with `X-Request-Id` on every response and no `X-Powered-By`. */
export function createHttpApp(trustProxy = 'loopback'): Express {
  const app = express();
  app.disable('x-powered-by');
  // Client IPs (rate limits, audit rows) come from X-Forwarded-For only when a local proxy sent it.
  app.set('trust proxy', trustProxy);
  app.use(requestIdMiddleware);
  return app;
}

/** A listening HTTP server. */
export interface HttpListener {
  readonly httpServer: Server;
  /** The bound port (useful when asked for port 0). */
  readonly port: number;
  /** Base URL on loopback, e.g. `http://127.0.0.1:4000`. */
  readonly url: string;
  /** Stops accepting, drops open connections and resolves once the server is closed. */
  close(): Promise<void>;
}

/** Listens on `port` (0: any free port) and `host`; rejects when the port cannot be bound. */
export async function listenHttp(app: Express, port: number, host: string): Promise<HttpListener> {
  const httpServer = createServer(app);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const bound = (httpServer.address() as AddressInfo).port;
  return {
    httpServer,
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    async close() {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
