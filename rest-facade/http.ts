/** HTTP plumbing shared by the facade's handlers: request ids, negotiation, problem responses. */
import type { Request, Response } from 'express';
import { problem, type ProblemInput } from './problem.js';

// The request id lives in the kernel so every entry point (subgraph, gateway, facade) shares it.
export { requestIdMiddleware } from '../subgraphs/kernel/http/request-id.js';

const OFFERED = ['application/json', 'text/json', 'text/plain'] as const;

/** Sends JSON as application/json, text/json or text/plain, whichever the caller prefers. */
export function sendJson(req: Request, res: Response, status: number, payload: unknown): void {
  const type = req.accepts([...OFFERED]) || 'application/json';
  res.status(status).type(`${type}; charset=utf-8`).send(JSON.stringify(payload));
}

export function sendProblem(req: Request, res: Response, input: ProblemInput): void {
  for (const [name, value] of Object.entries(input.headers ?? {})) res.setHeader(name, value);
  res
    .status(input.status)
    .type('application/problem+json; charset=utf-8')
    .send(JSON.stringify(problem(input, req.originalUrl.split('?')[0] ?? '/', req.requestId)));
}
