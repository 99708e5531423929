/**
 * The access log (pino-http): one `request completed` line per request when it ends, with method,
 * path (never the query string: it can hold codes and tokens; a claim or transaction-QR token in the
 * path reads `[redacted]`), route pattern, status, duration,
 * `requestId` and `traceId`. Health probes and `/metrics` scrapes are not logged.
 */
import type { Request, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { logDestination, logLineOptions, type LogLevel } from '../logger.js';
import { routeOf, UNTRACED_PATHS } from './http-telemetry.js';
import { redactTokens } from './redact.js';

function pathOf(req: IncomingMessage): string {
  return (req as Request).path ?? (req.url ?? '/').split('?')[0];
}

/** Every access line is `info` (customLogLevel below): these thresholds never write one. */
const ABOVE_INFO: ReadonlySet<LogLevel | 'silent'> = new Set(['warn', 'error', 'silent']);

/**
 * The access log middleware at `level` (mount it after the request id and telemetry middleware). At a
 * threshold above `info` no line could be written, so none is prepared: pino-http would still bind a
 * child logger and listen on every response (about 2% of a facade read's CPU in the profile of issue 13).
 */
export function accessLog(level: LogLevel | 'silent'): RequestHandler {
  if (ABOVE_INFO.has(level)) return (_req, _res, next) => next();
  const completed = (_req: IncomingMessage, res: ServerResponse) => ({
    res: { statusCode: res.statusCode, route: routeOf(res.req as Request, res.statusCode) },
  });
  // pino-http's types say IncomingMessage; express hands its Request (with requestId, traceId, route).
  return pinoHttp({
    ...logLineOptions(),
    level,
    stream: logDestination,
    wrapSerializers: false,
    serializers: { req: (req: IncomingMessage) => ({ method: req.method, path: redactTokens(pathOf(req)) }) },
    genReqId: (req) => (req as Request).requestId,
    // The request id is bound once (not repeated inside `req`).
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customProps: (req) => {
      const { traceId } = req as Request;
      return traceId ? { traceId } : {};
    },
    autoLogging: { ignore: (req) => UNTRACED_PATHS.has(pathOf(req)) },
    // Every line is `info`: a 5xx is logged as an error where it happens (once per outage for 503s).
    customLogLevel: () => 'info',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request completed',
    customSuccessObject: (req, res, value: Record<string, unknown>) => ({
      ...completed(req, res),
      durationMs: value.durationMs,
    }),
    customErrorObject: (req, res, _error, value: Record<string, unknown>) => ({
      ...completed(req, res),
      durationMs: value.durationMs,
    }),
  });
}
