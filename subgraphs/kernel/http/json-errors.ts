/**
 * The last handlers of every express app (one-process service, facade, gateway and subgraph
 * services): an unknown path is a 404 problem and any error that reached express is a problem too,
 * so no response is ever express's HTML error page or carries a stack trace, in any NODE_ENV.
 */
import type { Express, NextFunction, Request, Response } from 'express';
import { outageAnswer } from '../db/outage.js';
import { log } from '../logger.js';
import { classifyBodyError } from './body-errors.js';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Sends `body` as JSON with `status` and `type`, dropping whatever a failed handler had set. */
export function sendJsonError(res: Response, status: number, type: string, body: unknown): void {
  res.removeHeader('Content-Disposition');
  res.removeHeader('Content-Encoding');
  res.status(status).type(`${type}; charset=utf-8`).send(JSON.stringify(body));
}

function sendProblem(req: Request, res: Response, status: number, code: string, detail: string): void {
  sendJsonError(res, status, 'application/problem+json', {
    type: `/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance: req.originalUrl.split('?')[0] ?? '/',
    code,
    traceId: req.requestId,
  });
}

function notFound(req: Request, res: Response): void {
  sendProblem(req, res, 404, 'route_not_found', 'No such endpoint.');
}

function lastErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  // A database outage is a 503 wherever it was thrown (logged once per outage, not per request).
  const outage = outageAnswer(error, req.requestId);
  const failure = outage
    ? { status: outage.status, reason: outage.code, detail: outage.detail }
    : classifyBodyError(error);
  if (outage && !res.headersSent) res.setHeader('Retry-After', outage.retryAfter);
  if (!failure) {
    log('error', 'unhandled request error', {
      requestId: req.requestId,
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  }
  // Too late for another answer: end the response rather than let express write its own.
  if (res.headersSent) {
    res.end();
    return;
  }
  if (failure) sendProblem(req, res, failure.status, failure.reason, failure.detail);
  else
    sendProblem(req, res, 500, 'internal_error', 'An unexpected error occurred. Quote the traceId when reporting it.');
}

/**
 * Mounts the 404 problem and the last error handler on `app`. Call it once, after every route:
 * a path nothing answered and an error nothing handled both become problem JSON.
 */
export function mountJsonErrorHandler(app: Express): void {
  app.use(notFound);
  app.use(lastErrorHandler);
}
