/**
 * What the live-events socket says when it refuses or fails an operation: the same words as every
 * other GraphQL entry. graphql-ws validates and executes on its own (not through Apollo Server), so its
 * errors reach the caller only through these hooks: validation errors carry Apollo Server's code
 * (`GRAPHQL_VALIDATION_FAILED`), and every error, whether sent as an `error` message or inside a
 * `next` result, goes through the shared formatter: unexpected errors masked, and in production no
 * suggestion of a schema name ("Did you mean ...?").
 */
import {
  GraphQLError,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { graphqlErrorFormatter } from '../../subgraphs/kernel/graphql-errors.js';

/** The code Apollo Server gives a document that fails validation, so both entries answer alike. */
export const VALIDATION_FAILED_CODE = 'GRAPHQL_VALIDATION_FAILED';

/** `error` with a code of its own (graphql-js's validation errors have none). */
function coded(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/** The socket's error hooks of graphql-ws (`validate`, `onError`, `onNext`). */
export interface SocketErrorHooks {
  readonly validate: (schema: GraphQLSchema, document: DocumentNode) => GraphQLError[];
  readonly onError: (
    ctx: unknown,
    id: string,
    payload: unknown,
    errors: readonly GraphQLError[],
  ) => GraphQLFormattedError[];
  readonly onNext: (
    ctx: unknown,
    id: string,
    payload: unknown,
    args: unknown,
    result: ExecutionResult,
  ) => FormattedExecutionResult | undefined;
}

/**
 * The hooks for a socket validating with `rules`; `production` hides suggestions (as the HTTP entries
 * do in production).
 */
export function socketErrorHooks(rules: readonly ValidationRule[], production: boolean): SocketErrorHooks {
  const format = graphqlErrorFormatter(production ? 'production' : 'development');
  const formatAll = (errors: readonly GraphQLError[]) => errors.map((error) => format(error.toJSON(), error));
  return {
    validate: (schema, document) =>
      validate(schema, document, rules).map((error) => coded(error, VALIDATION_FAILED_CODE)),
    onError: (_ctx, _id, _payload, errors) => formatAll(errors),
    onNext: (_ctx, _id, _payload, _args, result) => {
      if (!result.errors) return undefined;
      const { errors, ...rest } = result;
      return { ...rest, errors: formatAll(errors) };
    },
  };
}
