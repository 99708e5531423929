/**
 * Executes a subgraph fetch inside this process: no HTTP hop, no re-parse (documents are cached),
 * no re-validation (the query planner only emits valid subgraph operations). Each request gets one
 * subgraph context (forked EntityManager, DataLoaders) per subgraph, shared by all of its fetches.
 */
import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { execute, getOperationAST, parse, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { BaseContext, GatewayContext } from '../subgraphs/kernel/context.js';
import type { Orm } from '../subgraphs/kernel/db/orm.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import type { Env } from '../subgraphs/kernel/env.js';
import { ErrorCode } from '../subgraphs/kernel/errors.js';
import { maskError } from '../subgraphs/kernel/graphql-errors.js';
import { recordOperation } from '../subgraphs/kernel/observability/graphql-metrics.js';
import { inSpan, subgraphSpanAttributes } from '../subgraphs/kernel/observability/tracing.js';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';

const MAX_CACHED_DOCUMENTS = 1000;

/** `query`, `mutation` or `subscription` of the operation a fetch runs. */
function operationType(document: DocumentNode, operationName: string | undefined): string | undefined {
  return getOperationAST(document, operationName)?.operation;
}

export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly contexts = new WeakMap<object, BaseContext>();

  constructor(
    private readonly module: SubgraphModule,
    private readonly schema: GraphQLSchema,
    private readonly orm: Orm,
    private readonly env: Env,
  ) {}

  /** Runs in its own span (`subgraph <name>`, under the gateway's `gateway.fetch`) and is timed. */
  process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const name = this.module.name;
    return inSpan(`subgraph ${name}`, { attributes: subgraphSpanAttributes(name) }, () => this.execute(options));
  }

  private async execute(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { request } = options;
    const gatewayContext = options.context as GatewayContext;
    const contextValue = this.contextFor(gatewayContext);
    const started = performance.now();
    const document = this.document(request.query ?? '');
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
        em: rootEntityManager(this.orm).fork(),
        env: this.env,
      });
      this.contexts.set(gatewayContext, ctx);
    }
    return ctx;
  }
}
