/**
 * The gateway: @apollo/gateway over the five subgraphs, either in-process (one process, no HTTP hop)
 * or remote (each subgraph its own service). Apollo Server caches parsed and validated documents and
 * the gateway caches query plans, so a repeated operation skips straight to execution.
 */
import {
  ApolloGateway,
  IntrospectAndCompose,
  RemoteGraphQLDataSource,
  type GraphQLDataSourceProcessOptions,
} from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError, parse, type GraphQLFormattedError } from 'graphql';
import type { GatewayContext } from '../subgraphs/kernel/context.js';
import { UNAVAILABLE_MESSAGE } from '../subgraphs/kernel/db/outage.js';
import { ErrorCode } from '../subgraphs/kernel/errors.js';
import type { Orm } from '../subgraphs/kernel/db/orm.js';
import type { Env, SubgraphName } from '../subgraphs/kernel/env.js';
import { graphqlErrorFormatter } from '../subgraphs/kernel/graphql-errors.js';
import { limitServerOptions } from '../subgraphs/kernel/graphql-limits.js';
import { graphqlMetricsPlugin } from '../subgraphs/kernel/observability/graphql-metrics.js';
import { headersSetter, injectTraceContext } from '../subgraphs/kernel/observability/tracing.js';
import { operationResolutionPlugin } from '../subgraphs/kernel/operation-resolution.plugin.js';
import { customScalarLiteralsRule } from '../subgraphs/kernel/input/scalar-literals.rule.js';
import { unsafeTextPlugin } from '../subgraphs/kernel/input/unsafe-text.plugin.js';
import { subgraphSchema, type SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import { receiptRateLimitRules, type RateLimitRule } from '../subgraphs/kernel/rate-limit/rules.js';
import { createRateLimitStore } from '../subgraphs/kernel/rate-limit/store.js';
import { isSharedRead, type SharedReads } from '../subgraphs/kernel/shared-reads.js';
import { inProcessSupergraph, subgraphSdls } from './compose.js';
import { InProcessDataSource } from './in-process-data-source.js';
import { rateLimitPlugin } from './rate-limit.plugin.js';
import { SingleFetchShortcut } from './single-fetch.js';
import { keepAliveFetcher, subgraphAgent, type Shareable } from './subgraph-fetcher.js';

export type SubgraphSource =
  | { readonly kind: 'in-process'; readonly modules: readonly SubgraphModule[]; readonly orm: Orm }
  | {
      readonly kind: 'remote';
      readonly urls: Readonly<Record<SubgraphName, string>>;
      /** Each subgraph's shared reads (its module's `sharedReads`); none when absent. */
      readonly sharedReads?: Readonly<Partial<Record<SubgraphName, readonly string[]>>>;
    };

/** A subgraph's HTTP response as the data source sees it. */
type SubgraphResponse = Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0];

/** Forwards the caller's credentials, request id and trace context (`traceparent`) to a remote subgraph. */
class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    if (!request.http) return;
    // Operations carry the gateway context; schema loads and health checks an empty one.
    const { authorization, requestId, clientIp, userAgent } = context as Partial<GatewayContext>;
    if (authorization) request.http.headers.set('authorization', authorization);
    if (requestId) request.http.headers.set('x-request-id', requestId);
    if (clientIp) request.http.headers.set('x-forwarded-for', clientIp);
    if (userAgent) request.http.headers.set('user-agent', userAgent);
    // Called inside the gateway's `gateway.fetch` span: the subgraph's spans become its children.
    injectTraceContext(request.http.headers, headersSetter);
  }

  /**
   * A subgraph that answered 503 (its database is down while it authenticated the caller) keeps its
   * UNAVAILABLE error, so the caller gets UNAVAILABLE (503), not a masked 500.
   */
  override async errorFromResponse(response: SubgraphResponse): Promise<GraphQLError> {
    if (response.status !== 503) return super.errorFromResponse(response);
    const body = (await response.json().catch(() => ({}))) as { errors?: GraphQLFormattedError[] };
    const first = body.errors?.[0];
    return new GraphQLError(first?.message ?? UNAVAILABLE_MESSAGE, {
      extensions: first?.extensions ?? { code: ErrorCode.Unavailable, reason: 'subgraph_unavailable' },
    });
  }
}

/**
 * Whether a query to a remote subgraph is one of its shared reads (kernel/shared-reads.ts); each
 * query text is parsed once (a bounded cache), an unparsable one never shares.
 */
export function remoteShareable(
  urls: Readonly<Record<SubgraphName, string>>,
  sharedReads: Readonly<Partial<Record<SubgraphName, readonly string[]>>>,
): Shareable {
  const byUrl = new Map<string, SharedReads>(
    Object.entries(urls).map(([name, url]) => [url, new Set(sharedReads[name as SubgraphName] ?? [])]),
  );
  const decided = new Map<string, boolean>();
  return (url, query) => {
    const reads = byUrl.get(url);
    if (!reads || reads.size === 0) return false;
    const key = `${url}\n${query}`;
    let shareable = decided.get(key);
    if (shareable === undefined) {
      try {
        shareable = isSharedRead(parse(query), undefined, reads);
      } catch {
        shareable = false;
      }
      if (decided.size >= MAX_DECIDED_QUERIES) decided.clear();
      decided.set(key, shareable);
    }
    return shareable;
  };
}

/** How many query texts {@link remoteShareable} remembers. */
const MAX_DECIDED_QUERIES = 1000;

/** The gateway, and what must be closed when it stops. */
interface BuiltGateway {
  readonly gateway: GatewayInterface;
  close(): Promise<void>;
}

async function createApolloGateway(source: SubgraphSource, env: Env): Promise<BuiltGateway> {
  const shortcut = new SingleFetchShortcut();
  const { didResolveQueryPlan: experimental_didResolveQueryPlan } = shortcut;
  if (source.kind === 'remote') {
    // One keep-alive pool per subgraph origin, shared by every data source (and the introspection).
    const agent = subgraphAgent();
    const fetcher = keepAliveFetcher(
      agent,
      env.shareInflightQueries ? { shareable: remoteShareable(source.urls, source.sharedReads ?? {}) } : {},
    );
    const gateway = new ApolloGateway({
      supergraphSdl: new IntrospectAndCompose({
        subgraphs: Object.entries(source.urls).map(([name, url]) => ({ name, url })),
      }),
      buildService: ({ url }) => new ForwardingDataSource({ url, fetcher }),
      experimental_didResolveQueryPlan,
    });
    return { gateway: shortcut.wrap(gateway), close: () => agent.close() };
  }
  const byName = new Map(source.modules.map((m) => [m.name, m]));
  const schemas = new Map(
    await Promise.all(source.modules.map(async (m) => [m.name, await subgraphSchema(m)] as const)),
  );
  const { sdl: supergraphSdl } = await inProcessSupergraph(
    await subgraphSdls(source.modules, (name) => `in-process://${name}`),
  );
  const gateway = new ApolloGateway({
    supergraphSdl,
    // Valid by construction: the committed supergraph (`npm run schema:check` composes it again from
    // the committed subgraph SDLs in CI) or one composed just now. Production skips this validation
    // by default too; in tests it was a third of each service start's CPU.
    validateSupergraph: false,
    buildService: ({ name }) => {
      const module = byName.get(name as SubgraphName);
      const schema = schemas.get(name as SubgraphName);
      if (!module || !schema) throw new Error(`no in-process subgraph named ${name}`);
      return new InProcessDataSource(module, schema, source.orm, env);
    },
    experimental_didResolveQueryPlan,
  });
  return { gateway: shortcut.wrap(gateway), close: () => Promise.resolve() };
}

/** Options of {@link createGatewayServer}. */
export interface GatewayOptions {
  /** More Apollo Server plugins, after the gateway's own. */
  readonly plugins?: ApolloServerPlugin<GatewayContext>[];
  /** The rate-limit rule table. Default: the receipt rules with env's numbers ({@link receiptRateLimitRules}). */
  readonly rateLimitRules?: readonly RateLimitRule[];
}

/**
 * A started Apollo Server over the gateway. Its rate-limit store (Redis, PostgreSQL or memory, see
 * kernel/rate-limit/store.ts) opens here and closes when the server stops.
 */
export async function createGatewayServer(
  source: SubgraphSource,
  env: Env,
  options: GatewayOptions = {},
): Promise<ApolloServer<GatewayContext>> {
  const built = await createApolloGateway(source, env);
  const { gateway } = built;
  const closeGateway = () => built.close();
  const rateLimitStore = await createRateLimitStore(env);
  const limits = limitServerOptions(env.graphqlLimits, env.nodeEnv);
  try {
    const server = new ApolloServer<GatewayContext>({
      gateway,
      includeStacktraceInErrorResponses: false,
      // The entry point closes HTTP, Apollo and the database in order on SIGINT/SIGTERM.
      stopOnTerminationSignals: false,
      introspection: env.nodeEnv !== 'production',
      ...limits,
      validationRules: [...limits.validationRules, customScalarLiteralsRule()],
      formatError: graphqlErrorFormatter(env.nodeEnv),
      plugins: [
        operationResolutionPlugin(),
        unsafeTextPlugin(),
        graphqlMetricsPlugin({ component: 'gateway', subgraph: '' }),
        rateLimitPlugin(options.rateLimitRules ?? receiptRateLimitRules(env.rateLimits), rateLimitStore),
        // Apollo's landing pages load from a CDN: browsers get GraphiQL from graphiql.ts instead.
        ApolloServerPluginLandingPageDisabled(),
        // No @cacheControl hints are used; the default plugin cost ~0.3 ms of CPU per operation.
        ApolloServerPluginCacheControlDisabled(),
        // The subgraph connections close once the server has drained (no operation needs them any more).
        { serverWillStart: () => Promise.resolve({ serverWillStop: closeGateway }) },
        ...(options.plugins ?? []),
      ],
    });
    await server.start();
    return server;
  } catch (error) {
    await rateLimitStore.close();
    await closeGateway();
    throw error;
  }
}
