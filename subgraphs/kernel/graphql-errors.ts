/**
 * The last word on what an error looks like to a caller: coded errors pass through with their
 * extensions; Apollo Server's uncoded refusals of a request (a persisted-query hash that does not
 * match its query) become BAD_USER_INPUT; a database outage becomes UNAVAILABLE (logged once per
 * outage); anything else is logged with the request id and replaced by a bare INTERNAL_SERVER_ERROR,
 * so no stack trace or SQL ever leaves the service. In production no message suggests a name of the
 * schema ("Did you mean ...?").
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
import { formatLimitError, GRAPHQL_LIMIT_CODES } from './graphql-limits.js';
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
  // The live-events socket's refusal of one subscription more than a connection may hold.
  'TOO_MANY_SUBSCRIPTIONS',
]);

/** True when the error was raised on purpose with a client-facing code. */
export function isClientError(formatted: GraphQLFormattedError): boolean {
  const code = formatted.extensions?.code;
  return typeof code === 'string' && CLIENT_CODES.has(code);
}

/**
 * Apollo Server refuses these requests with an error that has no code (it would be masked as an
 * internal error): the caller's to fix, so BAD_USER_INPUT (a 400) with a reason of its own.
 */
const UNCODED_REQUEST_ERRORS: Readonly<Record<string, string>> = {
  'provided sha does not match query': 'persisted_query_hash_mismatch',
  'Unsupported persisted query version': 'persisted_query_version_unsupported',
};

function uncodedRequestError(formatted: GraphQLFormattedError, original: unknown): GraphQLFormattedError | undefined {
  const reason = UNCODED_REQUEST_ERRORS[formatted.message];
  if (!reason || formatted.path || !(original instanceof GraphQLError) || original.originalError) return undefined;
  return { message: formatted.message, extensions: { code: ErrorCode.BadUserInput, reason } };
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
  const refused = uncodedRequestError(formatted, original);
  if (refused) return refused;
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

/**
 * graphql-js's suggestions: ` Did you mean "a", "b" or "c"?`, `Did you mean the enum value "X"?`.
 * Names are `[_A-Za-z0-9]` in quotes, so the sentence ends at the first question mark.
 */
const SUGGESTION = / ?Did you mean [^?]*\?/g;

/** The message without schema suggestions (validation, variable coercion, enum values, input fields). */
export function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.message.includes('Did you mean')) return formatted;
  return { ...formatted, message: formatted.message.replace(SUGGESTION, '').trim() };
}

/**
 * The `formatError` of every GraphQL entry (the gateway in both topologies, each subgraph server and
 * the live-events socket):
 * limit codes restored, unexpected errors masked, and in production no suggestions, whichever step
 * (parse, validation, variables, execution) raised the error.
 */
export function graphqlErrorFormatter(
  nodeEnv: string,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  const production = nodeEnv === 'production';
  return (formatted, error) => {
    const masked = maskError(formatLimitError(formatted, error), error);
    return production ? withoutSuggestions(masked) : masked;
  };
}
