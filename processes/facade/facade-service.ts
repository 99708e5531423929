/**
 * The REST facade as its own service (separate-process topology): `/api/v1` on PORT, executing each
 * route's operation against the gateway service over HTTP, with `/healthz` and `/readyz`.
 */
import type { Server } from 'node:http';
import type { Env } from '../../subgraphs/kernel/env.js';
import { createHttpApp, listenHttp } from '../../subgraphs/kernel/http/app.js';
import { mountHealth } from '../../subgraphs/kernel/http/health.js';
import { mountJsonErrorHandler } from '../../subgraphs/kernel/http/json-errors.js';
import {
  dashboardCookieKey,
  HttpExecutor,
  mountFacade,
  mountNotFound,
  receiptPageCookieKey,
} from '../../rest-facade/index.js';
import { resolveSecretsKey } from '../../subgraphs/kernel/auth/secrets-key.js';

/** A started facade service. */
export interface RunningFacade {
  /** Base URL on loopback; the API is under `${url}/api/v1`. */
  readonly url: string;
  /** The gateway's GraphQL endpoint this facade calls. */
  readonly gatewayUrl: string;
  readonly httpServer: Server;
  close(): Promise<void>;
}

const READY_PROBE_TIMEOUT_MS = 2_000;

/** GATEWAY_URL, else the gateway's default loopback address. */
export function facadeGatewayUrl(env: Pick<Env, 'gatewayUrl' | 'gatewayPort'>): string {
  return env.gatewayUrl ?? `http://127.0.0.1:${env.gatewayPort}/graphql`;
}

/** Ready when the gateway answers a trivial operation. */
async function gatewayAnswers(gatewayUrl: string): Promise<boolean> {
  try {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      signal: AbortSignal.timeout(READY_PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Listens on `port` (default PORT) and forwards every route to the gateway. */
export async function startFacadeService(env: Env, port: number = env.port): Promise<RunningFacade> {
  const gatewayUrl = facadeGatewayUrl(env);
  const app = createHttpApp(env, 'facade');
  mountHealth(app, undefined, () => gatewayAnswers(gatewayUrl));
  mountFacade(app, {
    executor: new HttpExecutor(gatewayUrl),
    publicUrl: env.publicUrl,
    nodeEnv: env.nodeEnv,
    // No demo default here: the facade does not know whether demo data was seeded (configure the client).
    receiptPages: { client: env.receiptPageClient, cookieKey: receiptPageCookieKey(resolveSecretsKey(env)) },
    dashboard: {
      client: env.dashboard.client,
      cookieKey: dashboardCookieKey(resolveSecretsKey(env)),
      gatewayPublicUrl: env.dashboard.gatewayPublicUrl,
    },
  });
  mountNotFound(app);
  mountJsonErrorHandler(app);
  const listener = await listenHttp(app, port, env.host, { shutdownTimeoutMs: env.shutdownTimeoutMs });
  return { url: listener.url, gatewayUrl, httpServer: listener.httpServer, close: () => listener.close() };
}
