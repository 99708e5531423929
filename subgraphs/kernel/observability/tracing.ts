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
  type Context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapSetter,
} from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { redactTokens } from './redact.js';
import type { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { createRequire } from 'node:module';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Sampler,
  type Span as SdkSpan,
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

/**
 * Where a test's exporter plugs into the one provider of the process (test files share their worker
 * process, and libraries such as @apollo/gateway keep the tracer they got at load): a processor and a
 * sampler that stand in for the test's while one is installed, and do nothing otherwise.
 */
class TestExporterSwitch implements SpanProcessor, Sampler {
  private processor: SpanProcessor | undefined;
  private readonly off = new AlwaysOffSampler();
  private readonly on = new ParentBasedSampler({ root: new AlwaysOnSampler() });

  use(exporter: SpanExporter | undefined): void {
    void this.processor?.shutdown();
    this.processor = exporter ? new SimpleSpanProcessor(exporter) : undefined;
  }

  onStart(span: SdkSpan, parentContext: Context): void {
    this.processor?.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    this.processor?.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.processor?.forceFlush() ?? Promise.resolve();
  }

  shutdown(): Promise<void> {
    return this.processor?.shutdown() ?? Promise.resolve();
  }

  shouldSample(...args: Parameters<Sampler['shouldSample']>): ReturnType<Sampler['shouldSample']> {
    return (this.processor ? this.on : this.off).shouldSample(...args);
  }

  toString(): string {
    return 'TestExporterSwitch';
  }
}

const testExporter = new TestExporterSwitch();

function processorFor(config: TracingConfig): SpanProcessor | undefined {
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
 * receives every span, sampled, from then on (whenever the provider was registered) until
 * {@link resetTracing}.
 */
export function installTracing(config: TracingConfig, role: string, exporter?: SpanExporter): void {
  if (exporter) testExporter.use(exporter);
  if (provider) return;
  const processor = processorFor(config);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName ?? `retail-media-${role}` }),
    spanProcessors: [testExporter, ...(processor ? [processor] : [])],
    // With no processor, sample nothing (the spans cost next to nothing) unless a test's exporter is
    // installed; else OTEL_TRACES_SAMPLER applies (default: parent-based, always on).
    ...(processor ? {} : { sampler: testExporter }),
  });
  provider.register();
}

/** Stops sending spans to the exporter a test installed (installTracing), at the end of its file. */
export function resetTracing(): void {
  testExporter.use(undefined);
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
        // The exception event keeps the error's name and stack, with any claim or QR token redacted.
        const { name, message, stack } =
          error instanceof Error ? error : { name: 'Error', message: String(error), stack: undefined };
        span.recordException({
          name,
          message: redactTokens(message),
          ...(stack ? { stack: redactTokens(stack) } : {}),
        });
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
