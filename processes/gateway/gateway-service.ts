/**
 * The gateway as its own service (separate-process topology): @apollo/gateway composing the remote
 * subgraphs by introspection, at `/graphql` on GATEWAY_PORT, with `/healthz` and `/readyz`. The
 * caller's `Authorization` and `X-Request-Id` are forwarded to each subgraph, which authenticates
 * the caller itself.
 */
import type { Server } from 'node:http';
import { ALL_SUBGRAPHS } from '../../subgraphs/index.js';
import { SqlAccessTokenVerifier } from '../../subgraphs/kernel/auth/access-token-verifier.js';
import { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { createOrm, rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { OutboxEvent } from '../../subgraphs/kernel/events/outbox-event.entity.js';
import type { Env, SubgraphName } from '../../subgraphs/kernel/env.js';
import { createHttpApp, listenHttp } from '../../subgraphs/kernel/http/app.js';
import { mountHealth } from '../../subgraphs/kernel/http/health.js';
import { mountJsonErrorHandler } from '../../subgraphs/kernel/http/json-errors.js';
import { createGatewayServer } from '../../gateway/gateway.js';
import { mountGraphQL } from '../../gateway/graphql-http.js';
import { startEventSubscriptions } from '../../gateway/subscriptions/index.js';

/** A started gateway service. */
export interface RunningGateway {
  /** Base URL on loopback; GraphQL is at `${url}/graphql`. */
  readonly url: string;
  readonly httpServer: Server;
  close(): Promise<void>;
}

/** The URL of every subgraph this build has, from SUBGRAPH_<NAME>_URL or the loopback defaults. */
export function remoteSubgraphUrls(env: Pick<Env, 'subgraphUrls'>): Record<SubgraphName, string> {
  return Object.fromEntries(ALL_SUBGRAPHS.map((m) => [m.name, env.subgraphUrls[m.name]])) as Record<
    SubgraphName,
    string
  >;
}

/**
 * Composes the supergraph from the running subgraphs (rejects when one is unreachable, so start the
 * subgraphs first) and listens on `port` (default GATEWAY_PORT).
 */
export async function startGatewayService(env: Env, port: number = env.gatewayPort): Promise<RunningGateway> {
  const gateway = await createGatewayServer(
    {
      kind: 'remote',
      urls: remoteSubgraphUrls(env),
      sharedReads: Object.fromEntries(ALL_SUBGRAPHS.map((m) => [m.name, m.sharedReads ?? []])),
    },
    env,
  );
  // The gateway reads only signing keys and grant state (raw SQL), so a small pool over no tables of its own.
  const orm = await createOrm({ env, entities: [OutboxEvent], poolSize: 4 }).catch(async (error: unknown) => {
    await gateway.stop();
    throw error;
  });
  try {
    const app = createHttpApp(env, 'gateway');
    // Ready once composed: createGatewayServer resolves only after the supergraph was built.
    mountHealth(app, orm);
    const authenticator = new Authenticator(env.operatorToken, new SqlAccessTokenVerifier(rootEntityManager(orm), env));
    mountGraphQL(app, gateway, authenticator, { ide: env.nodeEnv !== 'production' });
    mountJsonErrorHandler(app);
    const listener = await listenHttp(app, port, env.host, { shutdownTimeoutMs: env.shutdownTimeoutMs });
    // Subscriptions (graphql-ws) on the same server and path: @apollo/gateway executes none (decision 0014).
    const subscriptions = await startEventSubscriptions(listener.httpServer, orm, env, authenticator).catch(
      async (error: unknown) => {
        await listener.close();
        throw error;
      },
    );
    return {
      url: listener.url,
      httpServer: listener.httpServer,
      async close() {
        // The sockets close (1001) while HTTP drains: the listener waits for every connection.
        await Promise.all([listener.close(), subscriptions.close()]);
        await gateway.stop();
        await orm.close(true);
      },
    };
  } catch (error) {
    await gateway.stop();
    await orm.close(true);
    throw error;
  }
}
