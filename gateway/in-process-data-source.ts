/**
 * Executes a subgraph fetch inside this process: no HTTP hop, no re-parse (documents are cached),
 * no re-validation (the query planner only emits valid subgraph operations). Each request gets one
 * subgraph context (forked EntityManager, DataLoaders) per subgraph, shared by all of its fetches.
 *
 * Identical queries running at the same moment (same operation, variables, credentials and client
 * address: {@link sharingKey}) share one execution, as the separate topology's subgraph fetcher and
 * Hive Gateway do over HTTP: the first runs, the others wait for it and each gets its own copy of the
 * answer. Only the subgraph's shared reads share (kernel/shared-reads.ts: an allowlist of root queries
 * that write and count nothing); every caller was authenticated by the gateway before its fetch;
 * mutations never share. The visible effects: the subgraph logs, times and traces the first caller's
 * request only, and an internal error's `traceId` is the first caller's. A shared answer that is a
 * database outage counts once per caller in the outage log, as separate executions would.
 */
import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { execute, getOperationAST, parse, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { BaseContext, GatewayContext } from '../subgraphs/kernel/context.js';
import type { Orm } from '../subgraphs/kernel/db/orm.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import type { Env } from '../subgraphs/kernel/env.js';
import { DATABASE_UNAVAILABLE, databaseOutage } from '../subgraphs/kernel/db/outage.js';
import { ErrorCode } from '../subgraphs/kernel/errors.js';
import { maskError } from '../subgraphs/kernel/graphql-errors.js';
import { recordOperation } from '../subgraphs/kernel/observability/graphql-metrics.js';
import { isSharedRead, type SharedReads } from '../subgraphs/kernel/shared-reads.js';
import { inSpan, subgraphSpanAttributes } from '../subgraphs/kernel/observability/tracing.js';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';

const MAX_CACHED_DOCUMENTS = 1000;

/** `query`, `mutation` or `subscription` of the operation a fetch runs. */
function operationType(document: DocumentNode, operationName: string | undefined): string | undefined {
  return getOperationAST(document, operationName)?.operation;
}

/**
 * The key under which identical in-flight queries share one execution; undefined for anything that must
 * run on its own (a mutation or subscription, a query with a root field not in `sharedReads`).
 */
export function sharingKey(
  document: DocumentNode,
  request: { readonly query?: string; readonly operationName?: string; readonly variables?: Record<string, unknown> },
  context: Partial<Pick<GatewayContext, 'authorization' | 'clientIp'>>,
  sharedReads: SharedReads,
): string | undefined {
  if (!isSharedRead(document, request.operationName, sharedReads)) return undefined;
  return JSON.stringify([
    request.query,
    request.operationName ?? null,
    request.variables ?? null,
    context.authorization ?? null,
    context.clientIp ?? null,
  ]);
}

/** The callers waiting for the answer of a query already running. */
type Waiting = { resolve(response: GatewayGraphQLResponse): void; reject(error: unknown): void }[];

export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly contexts = new WeakMap<object, BaseContext>();
  private readonly inFlight = new Map<string, Waiting>();
  private readonly sharedReads: SharedReads;

  constructor(
    private readonly module: SubgraphModule,
    private readonly schema: GraphQLSchema,
    private readonly orm: Orm,
    private readonly env: Env,
  ) {
    this.sharedReads = new Set(module.sharedReads ?? []);
  }

  /**
   * Runs in its own span (`subgraph <name>`, under the gateway's `gateway.fetch`) and is timed; a caller
   * that joins a running identical query gets a span with `retail_media.shared` and no execution.
   */
  process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const name = this.module.name;
    const key = this.env.shareInflightQueries
      ? sharingKey(this.parsed(options), options.request, options.context as Partial<GatewayContext>, this.sharedReads)
      : undefined;
    const waiting = key === undefined ? undefined : this.inFlight.get(key);
    if (waiting) {
      const attributes = { ...subgraphSpanAttributes(name), 'retail_media.shared': true };
      return inSpan(
        `subgraph ${name}`,
        { attributes },
        () => new Promise<GatewayGraphQLResponse>((resolve, reject) => waiting.push({ resolve, reject })),
      );
    }
    return inSpan(`subgraph ${name}`, { attributes: subgraphSpanAttributes(name) }, () =>
      key === undefined ? this.execute(options) : this.lead(key, options),
    );
  }

  /** Runs a shareable query; callers that join while it runs get copies, made before anyone reads it. */
  private async lead(
    key: string,
    options: GraphQLDataSourceProcessOptions<GatewayContext>,
  ): Promise<GatewayGraphQLResponse> {
    const waiting: Waiting = [];
    this.inFlight.set(key, waiting);
    let response: GatewayGraphQLResponse;
    try {
      response = await this.execute(options);
    } catch (error) {
      this.inFlight.delete(key);
      for (const caller of waiting) caller.reject(error);
      throw error;
    }
    this.inFlight.delete(key);
    // Each caller is a request the outage cost (the execution reported it once).
    if (response.errors?.some((e) => e.extensions?.reason === DATABASE_UNAVAILABLE))
      for (let i = 0; i < waiting.length; i += 1) databaseOutage.failed(undefined);
    // The gateway merges fetched data into its own result: every caller needs its own copy.
    for (const caller of waiting) caller.resolve(structuredClone(response));
    return response;
  }

  /** The fetch's parsed operation when the gateway has it (the single-fetch short path passes the client's). */
  private parsed(options: GraphQLDataSourceProcessOptions<GatewayContext>): DocumentNode {
    const parsed = 'document' in options ? options.document : undefined;
    return parsed ?? this.document(options.request.query ?? '');
  }

  private async execute(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { request } = options;
    const gatewayContext = options.context as GatewayContext;
    const contextValue = this.contextFor(gatewayContext);
    const started = performance.now();
    const document = this.parsed(options);
    const result = await execute({
      schema: this.schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue,
    });
    recordOperation(
      { component: 'subgraph', subgraph: this.module.name },
      { name: request.operationName, type: operationType(document, request.operationName) },
      result.errors?.length ? 'error' : 'success',
      (performance.now() - started) / 1000,
    );
    // No `data` at all: execution never began because the variables did not coerce (a custom scalar the
    // gateway passes through, e.g. a malformed DateTimeISO). Apollo Server calls that BAD_USER_INPUT; so do we.
    const coded = (e: GraphQLError) => {
      const formatted = e.toJSON();
      if (!('data' in result) && formatted.extensions?.code === undefined)
        return { ...formatted, extensions: { ...formatted.extensions, code: ErrorCode.BadUserInput } };
      return formatted;
    };
    return {
      data: result.data,
      ...(result.errors ? { errors: result.errors.map((e) => maskError(coded(e), e, gatewayContext.requestId)) } : {}),
    };
  }

  private document(query: string): DocumentNode {
    let doc = this.documents.get(query);
    if (!doc) {
      doc = parse(query);
      if (this.documents.size >= MAX_CACHED_DOCUMENTS) this.documents.clear();
      this.documents.set(query, doc);
    }
    return doc;
  }

  private contextFor(gatewayContext: GatewayContext): BaseContext {
    let ctx = this.contexts.get(gatewayContext);
    if (!ctx) {
      ctx = this.module.createContext({
        requestId: gatewayContext.requestId,
        principal: gatewayContext.principal,
        clientIp: gatewayContext.clientIp,
        userAgent: gatewayContext.userAgent,
        em: rootEntityManager(this.orm).fork(),
        env: this.env,
      });
      this.contexts.set(gatewayContext, ctx);
    }
    return ctx;
  }
}
