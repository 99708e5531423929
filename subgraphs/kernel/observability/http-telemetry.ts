/**
 * What every HTTP app records about each request: a server span (continuing the caller's W3C
 * `traceparent`), the request's ids in the active context (so every log line carries them), and
 * the `http_server_request_duration_seconds` histogram by route pattern and status.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { httpRequestDuration } from './metrics.js';
import { redactTokens } from './redact.js';
import { activeTraceId, withRequestId } from './request-context.js';
import { tracer } from './tracing.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The W3C trace id of this request (set by {@link requestTelemetry}; logged with every line). */
    traceId: string | undefined;
  }
}

/** Probes and scrapes: no span, no access log line (they would drown the real traffic). */
export const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of an unrouted request (a 404, or a path nothing mounted answers). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route pattern that answered `req` (`/api/v1/public/stores/:storeId`), or the mount path of a
 * sub-app without routes (`/graphql`), or {@link UNMATCHED_ROUTE}: never the raw path, so the
 * number of label values is bounded by the code, not by callers.
 */
export function routeOf(req: Request, status: number): string {
  // Express 5 route paths are strings (the table's rows and every app.get); anything else is not labelled.
  const route = req.route as { path?: unknown } | undefined;
  if (typeof route?.path === 'string') return `${req.baseUrl}${route.path}`;
  if (req.baseUrl && status !== 404) return req.baseUrl;
  return UNMATCHED_ROUTE;
}

/** Mount right after the request id middleware: every later handler runs inside the request's context. */
export function requestTelemetry(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = UNTRACED_PATHS.has(req.path)
      ? undefined
      : tracer().startSpan(
          req.method,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': req.method,
              // A claim or transaction-QR token in the path never reaches a trace backend.
              'url.path': redactTokens(req.path),
              'http.request_id': req.requestId,
            },
          },
          parent,
        );
    const ctx = withRequestId(span ? trace.setSpan(parent, span) : parent, req.requestId);
    req.traceId = activeTraceId(ctx);
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      // A response the client gave up on before it was complete is counted as such.
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      const route = routeOf(req, res.statusCode);
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      httpRequestDuration.observe({ method, route, status_code: status }, (performance.now() - started) / 1000);
      if (!span) return;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500 || status === 'aborted') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', finish);
    res.once('close', finish);
    context.with(ctx, next);
  };
}
