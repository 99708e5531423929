/** HTTP plumbing shared by the facade's handlers: request ids, negotiation, problem responses. */
import type { Request, Response } from 'express';
import { outageAnswer } from '../../subgraphs/kernel/db/outage.js';
import { problem, type ProblemInput } from './problem.js';
import type { ErrorFormat } from './route.js';

// The request id lives in the kernel so every entry point (subgraph, gateway, facade) shares it.
export { requestIdMiddleware } from '../../subgraphs/kernel/http/request-id.js';

const OFFERED = ['application/json', 'text/json', 'text/plain'] as const;

/** The OAuth `error` codes (RFC 6749 §5.2, RFC 6750 §3.1); any other failure is told as one of these. */
const OAUTH_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_token',
  'unsupported_token_type',
]);

/** What a row tells the error writer about the request (kept in `res.locals`). */
export interface ErrorStyle {
  readonly format: ErrorFormat;
  /** The client authenticated with HTTP Basic: a 401 then challenges Basic (RFC 6749 §5.2). */
  readonly basicAuth: boolean;
}

const DEFAULT_JSON_TYPE = 'application/json; charset=utf-8';

/** The JSON media type the caller prefers among those offered (application/json when it names none). */
export function jsonMediaType(req: Request): string {
  // No Accept, or one that takes anything: the first offered, without negotiating (a parse per request).
  const accept = req.headers.accept;
  if (accept === undefined || accept === '*/*') return DEFAULT_JSON_TYPE;
  return `${req.accepts([...OFFERED]) || 'application/json'}; charset=utf-8`;
}

/** Sends JSON as application/json, text/json or text/plain, whichever the caller prefers. */
export function sendJson(req: Request, res: Response, status: number, payload: unknown): void {
  res.status(status).type(jsonMediaType(req)).send(JSON.stringify(payload));
}

function oauthError(status: number, code: string): string {
  if (OAUTH_ERRORS.has(code)) return code;
  // No RFC 6749 code means "slow down"; a throttled client is told to come back later (with Retry-After).
  if (status === 503 || status === 429) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

/** 401 challenges of the OAuth rows: Basic after Basic client auth, Bearer for a token that failed. */
function oauthChallenge(status: number, error: string, style: ErrorStyle): string | undefined {
  if (status !== 401) return undefined;
  if (style.basicAuth) return 'Basic realm="oauth", charset="UTF-8"';
  return error === 'invalid_token' ? 'Bearer error="invalid_token"' : undefined;
}

/**
 * Sends a problem: RFC 9457 `application/problem+json`, or on OAuth rows `application/json` with
 * `error` and `error_description` beside the problem fields (what OAuth clients parse).
 */
export function sendProblem(req: Request, res: Response, input: ProblemInput): void {
  const body = problem(input, req.originalUrl.split('?')[0] ?? '/', req.requestId);
  const style = res.locals.errorStyle as ErrorStyle | undefined;
  if (style?.format === 'oauth') {
    const error = oauthError(input.status, input.code);
    const challenge = oauthChallenge(input.status, error, style);
    if (challenge) res.setHeader('WWW-Authenticate', challenge);
    const retryAfter = input.headers?.['Retry-After'];
    if (retryAfter) res.setHeader('Retry-After', retryAfter);
    res
      .status(input.status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error, error_description: input.detail, ...body }));
    return;
  }
  for (const [name, value] of Object.entries(input.headers ?? {})) res.setHeader(name, value);
  res.status(input.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * The problem of a database outage thrown outside GraphQL (a page's handler, a read on a pool): 503
 * with `Retry-After`, reported once per outage rather than logged as an unexpected error; null for any
 * other error, which the handler answers as a 500.
 */
export function outageProblem(error: unknown, requestId?: string): ProblemInput | null {
  const outage = outageAnswer(error, requestId);
  if (!outage) return null;
  const { status, code, detail, retryAfter } = outage;
  return { status, code, detail, headers: { 'Retry-After': retryAfter } };
}
