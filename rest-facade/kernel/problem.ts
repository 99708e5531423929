/**
 * RFC 9457 problem details, and the one place where GraphQL error codes become HTTP statuses.
 */
import type { GraphQLFormattedError } from 'graphql';
import { ErrorCode, VALIDATION_FAILED_DETAIL, type FieldError } from '../../subgraphs/kernel/errors.js';
import { GRAPHQL_LIMIT_CODES } from '../../subgraphs/kernel/graphql-limits.js';
import { graphqlInputFieldErrors, isGraphQLInputError } from './graphql-input-error.js';

/** GraphQL `extensions.code` -> HTTP status. Routes may refine it. */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  [ErrorCode.BadUserInput]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
  // A document over a GraphQL limit is the client's to fix (the facade's own stay well inside them).
  ...Object.fromEntries(GRAPHQL_LIMIT_CODES.map((code) => [code, 400])),
};

/** `Retry-After` of a 503 whose error names no wait of its own (e.g. the gateway is unreachable). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: string;
  readonly traceId: string;
  readonly errors?: readonly FieldError[];
  readonly [extension: string]: unknown;
}

export interface ProblemInput {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors?: readonly FieldError[];
  /** Response headers that go with the problem (WWW-Authenticate, Retry-After); not part of the body. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Builds a problem for a request path (`instance` carries the path without the query). */
export function problem({ headers: _headers, ...input }: ProblemInput, instance: string, traceId: string): Problem {
  return {
    type: `/problems/${input.code}`,
    title: TITLES[input.status] ?? 'Error',
    status: input.status,
    detail: input.detail,
    instance,
    code: input.code,
    traceId,
    ...(input.errors && input.errors.length > 0 ? { errors: input.errors } : {}),
  };
}

/**
 * The problem for the first GraphQL error of a response, with the route's status overrides. An input
 * error of GraphQL's own is the validation problem, in the terms of `body` (the request body): its
 * message names GraphQL variables and types, which a REST caller never sees.
 */
export function problemFromGraphQLError(
  error: GraphQLFormattedError,
  overrides: Readonly<Record<string, number>> = {},
  body?: unknown,
): ProblemInput {
  if (isGraphQLInputError(error)) {
    const errors = graphqlInputFieldErrors(error, body);
    return { status: 400, code: 'validation_failed', detail: VALIDATION_FAILED_DETAIL, errors };
  }
  const ext = error.extensions ?? {};
  const code = typeof ext.code === 'string' ? ext.code : ErrorCode.Internal;
  const status = overrides[code] ?? STATUS_BY_CODE[code] ?? 500;
  if (status >= 500 && status !== 503) {
    return {
      status,
      code: 'internal_error',
      detail: 'An unexpected error occurred. Quote the traceId when reporting it.',
    };
  }
  const reason = typeof ext.reason === 'string' ? ext.reason : code.toLowerCase();
  const errors = Array.isArray(ext.errors) ? (ext.errors as FieldError[]) : undefined;
  const headers = challengeHeaders(status, reason, ext);
  return {
    status,
    code: reason,
    detail: error.message,
    ...(errors ? { errors } : {}),
    ...(headers ? { headers } : {}),
  };
}

/**
 * RFC 6750 §3 challenges for 401 and 403 (or the error's own `challenge` for another credential), and Retry-After for 429 and 503: a 401 names `invalid_token` when
 * a token was sent and failed; a 403 names `insufficient_scope` and the scope the operation needs.
 */
function challengeHeaders(
  status: number,
  reason: string,
  ext: Readonly<Record<string, unknown>>,
): Record<string, string> | undefined {
  if (status === 401) {
    // A failed credential other than the bearer token (a receipt claim token) names its own scheme,
    // so a valid bearer token is never blamed.
    if (typeof ext.challenge === 'string') return { 'WWW-Authenticate': ext.challenge };
    return { 'WWW-Authenticate': reason === 'invalid_token' ? 'Bearer error="invalid_token"' : 'Bearer' };
  }
  if (status === 403 && typeof ext.scope === 'string') {
    return { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${ext.scope}"` };
  }
  if (status === 429 && typeof ext.retryAfter === 'number') return { 'Retry-After': String(Math.ceil(ext.retryAfter)) };
  if (status === 503) {
    const seconds = typeof ext.retryAfter === 'number' ? ext.retryAfter : UNAVAILABLE_RETRY_AFTER_SECONDS;
    return { 'Retry-After': String(Math.ceil(seconds)) };
  }
  return undefined;
}
