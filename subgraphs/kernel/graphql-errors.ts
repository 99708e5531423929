/**
 * The last word on what an error looks like to a caller: coded errors pass through with their
 * extensions; anything else is logged with the request id and replaced by a bare
 * INTERNAL_SERVER_ERROR, so no stack trace or SQL ever leaves the service.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode } from './errors.js';
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
  log('error', 'unexpected error', {
    requestId,
    error: cause instanceof Error ? cause.message : String(cause),
    stack: cause instanceof Error ? cause.stack : undefined,
    path: formatted.path,
  });
  return {
    message: 'Internal server error.',
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: ErrorCode.Internal, ...(requestId ? { traceId: requestId } : {}) },
  };
}
