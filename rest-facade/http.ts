/** HTTP plumbing shared by the facade's handlers: request ids, negotiation, problem responses. */
import type { NextFunction, Request, Response } from 'express';
import { requestIdFrom } from '../subgraphs/kernel/http/request-id.js';
import { problem, type ProblemInput } from './problem.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by {@link requestIdMiddleware}; echoed in `X-Request-Id` and problem `traceId`. */
    requestId: string;
  }
}

/** Every response carries `X-Request-Id` (the caller's, when sane, else a new one). */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  req.requestId = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', req.requestId);
  next();
}

const OFFERED = ['application/json', 'text/json', 'text/plain'] as const;

/** Sends JSON as application/json, text/json or text/plain, whichever the caller prefers. */
export function sendJson(req: Request, res: Response, status: number, payload: unknown): void {
  const type = req.accepts([...OFFERED]) || 'application/json';
  res.status(status).type(`${type}; charset=utf-8`).send(JSON.stringify(payload));
}

export function sendProblem(req: Request, res: Response, input: ProblemInput): void {
  res
    .status(input.status)
    .type('application/problem+json; charset=utf-8')
    .send(JSON.stringify(problem(input, req.originalUrl.split('?')[0] ?? '/', req.requestId)));
}
