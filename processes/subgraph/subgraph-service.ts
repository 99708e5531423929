/**
 * One subgraph as its own service (the separate-process topology): its own ORM over only its own
 * tables, an Apollo Server over its federated schema at `/graphql`, and `/healthz` + `/readyz`.
 * The gateway forwards the caller's `Authorization` and `X-Request-Id`; the subgraph authenticates
 * the caller itself. Migrations are not run here: the one-shot migrate step owns the schema.
 */
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Server } from 'node:http';
import { SqlAccessTokenVerifier } from '../../subgraphs/kernel/auth/access-token-verifier.js';
import { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import type { BaseContext } from '../../subgraphs/kernel/context.js';
import { createOrm, rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import { failUnavailableOnOutage } from '../../subgraphs/kernel/db/outage.js';
import { subgraphPortOf, type Env } from '../../subgraphs/kernel/env.js';
import { OutboxEvent } from '../../subgraphs/kernel/events/outbox-event.entity.js';
import { graphqlErrorFormatter } from '../../subgraphs/kernel/graphql-errors.js';
import { limitServerOptions, subgraphLimits } from '../../subgraphs/kernel/graphql-limits.js';
import { createHttpApp, listenHttp } from '../../subgraphs/kernel/http/app.js';
import { graphqlBodyErrorHandler, graphqlJsonBody } from '../../subgraphs/kernel/http/graphql-body.js';
import { mountHealth } from '../../subgraphs/kernel/http/health.js';
import { mountJsonErrorHandler } from '../../subgraphs/kernel/http/json-errors.js';
import { graphqlMetricsPlugin } from '../../subgraphs/kernel/observability/graphql-metrics.js';
import { spanUntilResponse, subgraphSpanAttributes } from '../../subgraphs/kernel/observability/tracing.js';
import { operationResolutionPlugin } from '../../subgraphs/kernel/operation-resolution.plugin.js';
import { unsafeTextPlugin } from '../../subgraphs/kernel/input/unsafe-text.plugin.js';
import { subgraphSchema, type SubgraphModule } from '../../subgraphs/kernel/subgraph.js';

/** A started subgraph service. */
export interface RunningSubgraph {
  readonly name: string;
  /** Base URL on loopback; the GraphQL endpoint is `${url}/graphql`. */
  readonly url: string;
  readonly httpServer: Server;
  readonly orm: Orm;
  close(): Promise<void>;
}

/** Options that override what {@link Env} says (tests pass port 0). */
export interface SubgraphServerOptions {
  /** Port to listen on. Default: {@link subgraphPortOf}. */
  readonly port?: number;
}

async function createSubgraphApollo(module: SubgraphModule, env: Env): Promise<ApolloServer<BaseContext>> {
  const server = new ApolloServer<BaseContext>({
    schema: await subgraphSchema(module),
    includeStacktraceInErrorResponses: false,
    // The entry point closes HTTP, Apollo and the database in order on SIGINT/SIGTERM.
    stopOnTerminationSignals: false,
    introspection: env.nodeEnv !== 'production',
    ...limitServerOptions(subgraphLimits(env.graphqlLimits), env.nodeEnv),
    formatError: graphqlErrorFormatter(env.nodeEnv),
    // Subgraphs are called by the gateway, not browsed (no sandbox page), and report to no Apollo Studio.
    plugins: [
      operationResolutionPlugin(),
      unsafeTextPlugin(),
      graphqlMetricsPlugin({ component: 'subgraph', subgraph: module.name }),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await server.start();
  return server;
}

/**
 * Starts `module` as a service on `options.port` (default from `env`). The ORM knows only the
 * module's entities and the kernel's outbox, so a subgraph cannot reach another one's tables.
 */
export async function startSubgraphServer(
  module: SubgraphModule,
  env: Env,
  options: SubgraphServerOptions = {},
): Promise<RunningSubgraph> {
  const orm = await createOrm({ env, entities: [OutboxEvent, ...module.entities] });
  let apollo: ApolloServer<BaseContext> | undefined;
  try {
    apollo = await createSubgraphApollo(module, env);
    // Every subgraph checks bearer tokens itself, against the shared database (keys and grant state).
    const authenticator = new Authenticator(env.operatorToken, new SqlAccessTokenVerifier(rootEntityManager(orm), env));
    const app = createHttpApp(env, `subgraph-${module.name}`);
    mountHealth(app, orm);
    app.use(
      '/graphql',
      spanUntilResponse(`subgraph ${module.name}`, subgraphSpanAttributes(module.name)),
      graphqlJsonBody(),
      expressMiddleware(apollo, {
        context: async ({ req }) =>
          module.createContext({
            requestId: req.requestId,
            principal: await failUnavailableOnOutage(
              () => authenticator.authenticate(req.headers.authorization),
              req.requestId,
            ),
            em: rootEntityManager(orm).fork(),
            clientIp: req.ip,
            userAgent: req.headers['user-agent'],
            env,
          }),
      }),
      graphqlBodyErrorHandler,
    );
    mountJsonErrorHandler(app);
    const listener = await listenHttp(app, options.port ?? subgraphPortOf(env, module.name), env.host, {
      shutdownTimeoutMs: env.shutdownTimeoutMs,
    });
    const started = apollo;
    return {
      name: module.name,
      url: listener.url,
      httpServer: listener.httpServer,
      orm,
      async close() {
        await listener.close();
        await started.stop();
        await orm.close(true);
      },
    };
  } catch (error) {
    await apollo?.stop();
    await orm.close(true);
    throw error;
  }
}
