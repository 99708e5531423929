/**
 * What every log line of a request carries, read from the active OpenTelemetry context (which
 * follows the request through awaits): its request id and its trace and span ids.
 */
import { context, createContextKey, isSpanContextValid, trace, type Context } from '@opentelemetry/api';

const REQUEST_ID = createContextKey('retail-media.request-id');

/** `ctx` with `requestId` attached (read back by {@link logContext}). */
export function withRequestId(ctx: Context, requestId: string): Context {
  return ctx.setValue(REQUEST_ID, requestId);
}

/** The trace id of the active span, when there is a valid one. */
export function activeTraceId(ctx: Context = context.active()): string | undefined {
  const span = trace.getSpanContext(ctx);
  return span && isSpanContextValid(span) ? span.traceId : undefined;
}

/** `{requestId, traceId, spanId}` of the active context (empty outside a request). */
export function logContext(): Record<string, string> {
  const ctx = context.active();
  const requestId = ctx.getValue(REQUEST_ID);
  const span = trace.getSpanContext(ctx);
  const out: Record<string, string> = {};
  if (typeof requestId === 'string') out.requestId = requestId;
  if (span && isSpanContextValid(span)) {
    out.traceId = span.traceId;
    out.spanId = span.spanId;
  }
  return out;
}
