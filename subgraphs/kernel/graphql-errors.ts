/**
 * The last word on what an error looks like to a caller: coded errors pass through with their
 * extensions; a database outage becomes UNAVAILABLE (logged once per outage); anything else is
 * logged with the request id and replaced by a bare INTERNAL_SERVER_ERROR, so no stack trace or SQL
 * ever leaves the service.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import {
  DATABASE_UNAVAILABLE,
  databaseOutage,
  isDatabaseUnavailable,
  OUTAGE_RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from './db/outage.js';
import { ErrorCode } from './errors.js';
import { GRAPHQL_LIMIT_CODES } from './graphql-limits.js';
import { log } from './logger.js';

const CLIENT_CODES = new Set<string>([
  ErrorCode.Unauthenticated,
  ErrorCode.Forbidden,
  ErrorCode.NotFound,
  ErrorCode.BadUserInput,
  ErrorCode.Conflict,
  ErrorCode.RateLimited,
  ErrorCode.Unavailable,
  // Apollo Server's own codes for bad documents and variables.
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  // Documents over a limit of graphql-limits.ts.
  ...GRAPHQL_LIMIT_CODES,
]);

/** True when the error was raised on purpose with a client-facing code. */
export function isClientError(formatted: GraphQLFormattedError): boolean {
  const code = formatted.extensions?.code;
  return typeof code === 'string' && CLIENT_CODES.has(code);
}

/** Masks unexpected errors; `requestId` goes into the log line so the 500 can be traced. */
export function maskError(
  formatted: GraphQLFormattedError,
  original: unknown,
  requestId?: string,
): GraphQLFormattedError {
  if (isClientError(formatted)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const cause = original instanceof GraphQLError ? (original.originalError ?? original) : original;
  if (isDatabaseUnavailable(cause)) {
    // Logged once per outage, not once per request; the caller may retry.
    databaseOutage.failed(cause, requestId);
    return {
      message: UNAVAILABLE_MESSAGE,
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: {
        code: ErrorCode.Unavailable,
        reason: DATABASE_UNAVAILABLE,
        retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
        ...(requestId ? { traceId: requestId } : {}),
      },
    };
  }
  log('error', 'unexpected error', { requestId, error: cause, path: formatted.path });
  return {
    message: 'Internal server error.',
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: ErrorCode.Internal, ...(requestId ? { traceId: requestId } : {}) },
  };
}
