import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by {@link requestIdMiddleware}; echoed in `X-Request-Id` and problem `traceId`. */
    requestId: string;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:\-]{1,128}$/;

/** The caller's `X-Request-Id` when it is a sane token, else a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Every response carries `X-Request-Id` (the caller's, when sane, else a new one). */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  req.requestId = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', req.requestId);
  next();
}
