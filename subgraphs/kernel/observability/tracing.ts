/**
 * OpenTelemetry traces: one tracer provider per process, W3C `traceparent` propagation, spans made
 * by hand (the HTTP server span of every app, the facade's execution, subgraph execution) and by
 * @apollo/gateway itself (`gateway.request`, `gateway.plan`, `gateway.fetch`...), which uses the same
 * global API. Hand-made spans rather than auto-instrumentation: this codebase is ESM, which the
 * http/express/graphql instrumentations cannot patch without a loader hook.
 *
 * Off by default: spans are then never sampled nor exported, but trace ids are still made and
 * propagated, so every log line of a request, in every process it crosses, carries the same
 * `traceId`. See docs/observability.md.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapSetter,
} from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { createRequire } from 'node:module';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';

/** Where finished spans go (from OpenTelemetry's standard variables, read in env.ts). */
export interface TracingConfig {
  /**
   * `none` (default: nothing sampled or exported; trace ids still propagate and are logged), `otlp`
   * (OTLP over HTTP to {@link otlpTracesUrl}) or `console` (stdout, for debugging).
   */
  readonly exporter: 'none' | 'otlp' | 'console';
  /** The OTLP traces endpoint. Default `http://localhost:4318/v1/traces`. */
  readonly otlpTracesUrl: string;
  /** `service.name` of this process's spans (`OTEL_SERVICE_NAME`). Unset: named by its role. */
  readonly serviceName: string | undefined;
}

export const TRACING_OFF: TracingConfig = {
  exporter: 'none',
  otlpTracesUrl: 'http://localhost:4318/v1/traces',
  serviceName: undefined,
};

/** The attribute naming which part of the system a span belongs to: facade, gateway or subgraph. */
export const COMPONENT_ATTRIBUTE = 'retail_media.component';

/** The attributes of a subgraph's execution span (`subgraph <name>`), in either topology. */
export function subgraphSpanAttributes(subgraph: string): Attributes {
  return { [COMPONENT_ATTRIBUTE]: 'subgraph', 'retail_media.subgraph': subgraph };
}

const require = createRequire(import.meta.url);

let provider: NodeTracerProvider | undefined;

function processorFor(config: TracingConfig, exporter: SpanExporter | undefined): SpanProcessor | undefined {
  if (exporter) return new SimpleSpanProcessor(exporter);
  if (config.exporter === 'otlp') {
    // Loaded only when used: every process starts faster without it (tracing is off by default).
    const otlp = require('@opentelemetry/exporter-trace-otlp-http') as { OTLPTraceExporter: typeof OTLPTraceExporter };
    return new BatchSpanProcessor(new otlp.OTLPTraceExporter({ url: config.otlpTracesUrl }));
  }
  if (config.exporter === 'console') return new BatchSpanProcessor(new ConsoleSpanExporter());
  return undefined;
}

/**
 * Registers this process's tracer provider, context manager and W3C propagator, once: later calls
 * (every HTTP app of the process calls it) change nothing. `exporter` (tests: an in-memory one)
 * replaces what `config` says and samples every span.
 */
export function installTracing(config: TracingConfig, role: string, exporter?: SpanExporter): void {
  if (provider) return;
  const processor = processorFor(config, exporter);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName ?? `retail-media-${role}` }),
    // With no processor, sample nothing (the spans cost next to nothing); else OTEL_TRACES_SAMPLER
    // applies (default: parent-based, always on).
    ...(processor ? { spanProcessors: [processor] } : { sampler: new AlwaysOffSampler() }),
  });
  provider.register();
}

/** Exports what is buffered and stops tracing (at process exit). */
export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown();
}

/** The tracer of this codebase's own spans. */
export function tracer() {
  return trace.getTracer('retail-media');
}

/**
 * Runs `work` inside a new active span (a child of the active one), records a thrown error on it and
 * ends it when `work` settles.
 */
export async function inSpan<T>(
  name: string,
  options: { readonly kind?: SpanKind; readonly attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Writes the active trace context (`traceparent`, `tracestate`) into outgoing request headers. */
export function injectTraceContext<Carrier>(carrier: Carrier, setter: TextMapSetter<Carrier>): void {
  propagation.inject(context.active(), carrier, setter);
}

/** A setter for a `Headers`-like object (fetch's, Apollo's). */
export const headersSetter: TextMapSetter<{ set(name: string, value: string): void }> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

/**
 * Express middleware: the rest of the request runs inside a span `name` (a child of the server
 * span), ended when the response ends; a 5xx marks it failed.
 */
export function spanUntilResponse(name: string, attributes: Attributes): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const span = tracer().startSpan(name, { attributes });
    res.once('close', () => {
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(context.active(), span), next);
  };
}
