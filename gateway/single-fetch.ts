/**
 * The gateway's short path for operations that one subgraph answers whole.
 *
 * @apollo/gateway runs every operation through its query plan: a SHA-256 of the document, an async
 * plan-cache lookup, the fetches, and then the whole result walked again over the API schema
 * (`gateway.postprocessing`), which is about a third of the gateway's CPU on a single-subgraph read
 * (profile in docs/architecture.md). When the plan the gateway made for an operation is one fetch
 * to one subgraph (no `requires`, no rewrites, no `@defer`, no introspection) and the operation, as
 * the client wrote it, is valid against that subgraph's schema, the subgraph's own answer to the
 * operation is the answer: graphql-js semantics over the same types, fields, arguments and
 * nullability. Such operations go straight to the subgraph's data source, the very one the plan
 * would call (in-process execution, or HTTP with the caller's credentials, request id and trace
 * context), under the same span names (`gateway.request` > `gateway.fetch`), with the subgraph's
 * errors in the gateway's shape (`serviceName`, `DOWNSTREAM_SERVICE_ERROR` when uncoded).
 *
 * Everything in front of the executor stays: Apollo Server's parsing and validation against the
 * API schema, the document limits, and the resolution, unsafe-text, metrics and rate-limit
 * plugins. The decision is made once per document and operation name, from the plan the gateway
 * itself made for the first request (`experimental_didResolveQueryPlan`), and is forgotten when the
 * supergraph changes. Anything else takes the gateway's own path.
 */
import { Supergraph } from '@apollo/federation-internals';
import { type ApolloGateway, type Experimental_DidResolveQueryPlanCallback, type ServiceMap } from '@apollo/gateway';
// The request kind is not re-exported from the package's root.
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types.js';
import type { QueryPlan } from '@apollo/query-planner';
import type {
  GatewayExecutionResult,
  GatewayExecutor,
  GatewayGraphQLRequestContext,
  GatewayInterface,
} from '@apollo/server-gateway-interface';
import {
  getVariableValues,
  GraphQLError,
  Kind,
  OperationTypeNode,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { inSpan } from '../subgraphs/kernel/observability/tracing.js';

/** How many (document, operation) decisions are kept; past it, they are made again. */
const MAX_DECISIONS = 2000;

/** Field names that the gateway answers from its API schema, never from a subgraph. */
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** The subgraph that answers the operation whole, or null for the gateway's own path. */
type Decision = string | null;

export class SingleFetchShortcut {
  private readonly decisions = new Map<string, Decision>();
  private readonly plans = new WeakMap<object, QueryPlan>();
  private readonly subgraphSchemas = new Map<string, GraphQLSchema | null>();
  private serviceMap: ServiceMap | undefined;
  private supergraph: Supergraph | undefined;
  private supergraphSdl: string | undefined;

  /** Pass to the ApolloGateway constructor: it shows this object every plan the gateway makes. */
  readonly didResolveQueryPlan: Experimental_DidResolveQueryPlanCallback = ({
    queryPlan,
    serviceMap,
    requestContext,
  }) => {
    this.plans.set(requestContext, queryPlan);
    this.serviceMap = serviceMap;
  };

  /** The gateway as Apollo Server sees it: the same, with the short path in front of its executor. */
  wrap(gateway: ApolloGateway): GatewayInterface {
    // Registered before the gateway loads: its first supergraph reaches this object too.
    gateway.onSchemaLoadOrUpdate(({ coreSupergraphSdl }) => this.supergraphChanged(coreSupergraphSdl));
    return {
      onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
      load: async (options) => {
        const loaded = await gateway.load(options);
        return { ...loaded, executor: loaded.executor && this.executor(loaded.executor) };
      },
      stop: () => gateway.stop(),
    };
  }

  /** How many operations currently take the short path (tests). */
  shortcutCount(): number {
    return [...this.decisions.values()].filter((d) => d !== null).length;
  }

  private supergraphChanged(sdl: string): void {
    if (sdl === this.supergraphSdl) return;
    this.supergraphSdl = sdl;
    this.supergraph = undefined;
    this.subgraphSchemas.clear();
    this.decisions.clear();
  }

  private executor(planned: GatewayExecutor): GatewayExecutor {
    return async (requestContext) => {
      const key = `${requestContext.queryHash}\0${requestContext.operationName ?? ''}`;
      const decision = this.decisions.get(key);
      if (decision) {
        const dataSource = this.serviceMap?.[decision];
        if (dataSource) return this.direct(decision, dataSource, requestContext);
      }
      const result = await planned(requestContext);
      if (decision === undefined) this.decide(key, requestContext);
      return result;
    };
  }

  /** After the gateway's own run of an operation: may its next runs take the short path? */
  private decide(key: string, requestContext: GatewayGraphQLRequestContext): void {
    const plan = this.plans.get(requestContext);
    // No plan: the gateway refused the operation before planning; ask again next time.
    if (!plan) return;
    if (this.decisions.size >= MAX_DECISIONS) this.decisions.clear();
    this.decisions.set(key, this.singleSubgraph(plan, requestContext.document));
  }

  private singleSubgraph(plan: QueryPlan, document: DocumentNode): Decision {
    const node = plan.node;
    if (node?.kind !== 'Fetch') return null;
    if (node.operationKind === OperationTypeNode.SUBSCRIPTION || node.hasDefers) return null;
    if (node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length) return null;
    if (node.contextRewrites?.length) return null;
    if (selectsIntrospection(document)) return null;
    const schema = this.subgraphSchema(node.serviceName);
    if (!schema || validate(schema, document).length > 0) return null;
    return node.serviceName;
  }

  /** The subgraph's schema as the supergraph records it (types, fields, arguments, nullability). */
  private subgraphSchema(name: string): GraphQLSchema | null {
    let schema = this.subgraphSchemas.get(name);
    if (schema !== undefined) return schema;
    if (!this.supergraphSdl) return null;
    this.supergraph ??= Supergraph.build(this.supergraphSdl);
    schema = this.supergraph.subgraphs().get(name)?.schema.toGraphQLJSSchema() ?? null;
    this.subgraphSchemas.set(name, schema);
    return schema;
  }

  private direct(
    serviceName: string,
    dataSource: ServiceMap[string],
    requestContext: GatewayGraphQLRequestContext,
  ): Promise<GatewayExecutionResult> {
    const { operationName } = requestContext;
    const attributes = operationName ? { 'graphql.operation.name': operationName } : {};
    return inSpan('gateway.request', { attributes }, async () => {
      // As the gateway does on every request: variables that do not coerce against the API schema
      // are refused here, with its errors (a 400), and never reach the subgraph.
      const definitions = requestContext.operation.variableDefinitions;
      if (definitions?.length) {
        const { errors } = getVariableValues(
          requestContext.schema,
          definitions,
          requestContext.request.variables ?? {},
        );
        if (errors) return { errors };
      }
      return inSpan('gateway.fetch', { attributes: { service: serviceName } }, async () => {
        const response = await dataSource.process({
          kind: GraphQLDataSourceRequestKind.INCOMING_OPERATION,
          request: {
            query: requestContext.source,
            variables: requestContext.request.variables ?? {},
            ...(requestContext.request.operationName ? { operationName: requestContext.request.operationName } : {}),
          },
          incomingRequestContext: requestContext,
          context: requestContext.context,
          document: requestContext.document,
          pathInIncomingRequest: [],
        });
        const errors = response.errors?.map((error) => downstreamError(error, serviceName));
        return { data: response.data ?? null, ...(errors?.length ? { errors } : {}) };
      });
    });
  }
}

/** A subgraph's error as @apollo/gateway passes it on (its `downstreamServiceError`). */
function downstreamError(error: GraphQLFormattedError, serviceName: string): GraphQLError {
  const message = error.message || `Error while fetching subquery from service "${serviceName}"`;
  const code = error.extensions?.code ?? 'DOWNSTREAM_SERVICE_ERROR';
  return new GraphQLError(message, {
    ...(error.path ? { path: error.path } : {}),
    extensions: { ...error.extensions, serviceName, code },
  });
}

/** True when any operation or fragment of the document selects `__schema` or `__type`. */
function selectsIntrospection(document: DocumentNode): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((selection) =>
      selection.kind === Kind.FIELD
        ? INTROSPECTION_FIELDS.has(selection.name.value) || visit(selection.selectionSet)
        : selection.kind === Kind.INLINE_FRAGMENT && visit(selection.selectionSet),
    );
  return document.definitions.some(
    (definition) =>
      (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) &&
      visit(definition.selectionSet),
  );
}
