/**
 * How the facade reaches GraphQL: in-process through the gateway's Apollo Server (one process), or
 * over HTTP to the gateway service (separate topology). The facade itself holds no business logic.
 */
import type { ApolloServer } from '@apollo/server';
import { SpanKind } from '@opentelemetry/api';
import type { GraphQLFormattedError } from 'graphql';
import type { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { gatewayContext, type GatewayContext } from '../../subgraphs/kernel/context.js';
import { OutageLog } from '../../subgraphs/kernel/db/outage.js';
import { AppError, ErrorCode } from '../../subgraphs/kernel/errors.js';
import { COMPONENT_ATTRIBUTE, injectTraceContext, inSpan } from '../../subgraphs/kernel/observability/tracing.js';
import { RATE_LIMIT_HEADERS } from '../../subgraphs/kernel/rate-limit/headers.js';

const GATEWAY_TIMEOUT_MS = 30_000;
const GATEWAY_UNAVAILABLE: GraphQLFormattedError = {
  message: 'The service is temporarily unavailable. Try again shortly.',
  extensions: { code: ErrorCode.Unavailable, reason: 'gateway_unavailable' },
};

export interface ExecutionRequest {
  readonly document: string;
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
  readonly authorization: string | undefined;
  readonly requestId: string;
  /** The caller's IP as the facade saw it. */
  readonly clientIp?: string | undefined;
  /** The caller's `User-Agent` as the facade saw it. */
  readonly userAgent?: string | undefined;
}

export interface ExecutionResult {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly GraphQLFormattedError[];
  /**
   * The gateway's response headers the facade passes on (the rate-limit ones, {@link RATE_LIMIT_HEADERS}),
   * by name.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The rate-limit headers among a gateway response's headers; undefined when there are none. */
export function passedOnHeaders(get: (name: string) => string | null | undefined): Record<string, string> | undefined {
  const entries = RATE_LIMIT_HEADERS.flatMap((name) => {
    const value = get(name);
    return value ? [[name, value] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export interface GraphQLExecutor {
  execute(request: ExecutionRequest): Promise<ExecutionResult>;
}

/** The facade's span around one operation: it is the parent of everything the gateway does for it. */
function facadeSpanOptions(request: ExecutionRequest, kind: SpanKind) {
  return { kind, attributes: { [COMPONENT_ATTRIBUTE]: 'facade', 'graphql.operation.name': request.operationName } };
}

/** Executes through the gateway's Apollo Server in this process (document and plan caches apply). */
export class InProcessExecutor implements GraphQLExecutor {
  constructor(
    private readonly server: ApolloServer<GatewayContext>,
    private readonly authenticator: Authenticator,
  ) {}

  execute(request: ExecutionRequest): Promise<ExecutionResult> {
    return inSpan(`facade ${request.operationName}`, facadeSpanOptions(request, SpanKind.INTERNAL), () =>
      this.executeHere(request),
    );
  }

  private async executeHere(request: ExecutionRequest): Promise<ExecutionResult> {
    let contextValue: GatewayContext;
    try {
      contextValue = await gatewayContext(
        request.requestId,
        request.authorization,
        this.authenticator,
        request.clientIp,
        request.userAgent,
      );
    } catch (error) {
      // Authentication failed for a coded reason (a database outage: UNAVAILABLE), as over HTTP.
      if (error instanceof AppError) return { data: null, errors: [codedError(error)] };
      throw error;
    }
    const response = await this.server.executeOperation(
      { query: request.document, operationName: request.operationName, variables: request.variables },
      { contextValue },
    );
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by the facade');
    const { data, errors } = response.body.singleResult;
    const headers = passedOnHeaders((name) => response.http.headers.get(name));
    return { data: data ?? null, ...(errors ? { errors } : {}), ...(headers ? { headers } : {}) };
  }
}

/** A coded error as a response carries it (`extensions.http` is Apollo's, never sent). */
function codedError(error: AppError): GraphQLFormattedError {
  const { http: _http, ...extensions } = error.extensions;
  return { message: error.message, extensions };
}

/** Executes against a gateway service over HTTP, forwarding credentials and the request id. */
export class HttpExecutor implements GraphQLExecutor {
  private readonly outage = new OutageLog('gateway');

  constructor(private readonly gatewayUrl: string) {}

  execute(request: ExecutionRequest): Promise<ExecutionResult> {
    return inSpan(`facade ${request.operationName}`, facadeSpanOptions(request, SpanKind.CLIENT), () =>
      this.post(request),
    );
  }

  private async post(request: ExecutionRequest): Promise<ExecutionResult> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-request-id': request.requestId,
    };
    if (request.authorization) headers.authorization = request.authorization;
    // The gateway trusts X-Forwarded-For only from a trusted proxy address (TRUST_PROXY).
    if (request.clientIp) headers['x-forwarded-for'] = request.clientIp;
    if (request.userAgent) headers['user-agent'] = request.userAgent;
    // The gateway's spans continue this one (W3C traceparent).
    injectTraceContext(headers, { set: (carrier, key, value) => (carrier[key] = value) });
    try {
      const response = await fetch(this.gatewayUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: request.document,
          operationName: request.operationName,
          variables: request.variables,
        }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const { data, errors } = (await response.json()) as ExecutionResult;
      this.outage.recovered();
      const passed = passedOnHeaders((name) => response.headers.get(name));
      return { data, ...(errors ? { errors } : {}), ...(passed ? { headers: passed } : {}) };
    } catch (error) {
      // The gateway is down, slow or answered garbage: the caller gets a 503, not a 500 (logged once
      // per outage).
      this.outage.failed(error, request.requestId);
      return { data: null, errors: [GATEWAY_UNAVAILABLE] };
    }
  }
}
