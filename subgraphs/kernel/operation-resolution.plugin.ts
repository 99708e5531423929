/**
 * Refuses, before execution, a request whose document holds no operation to run: an
 * `operationName` that names none of its operations (or none given for a document of several), and
 * a subscription, which is not served over plain HTTP. Without it the gateway's executor throws and
 * Apollo Server answers 500. Installed on the gateway and on every subgraph server.
 *
 * It also bounds the work of checking the variables. The gateway coerces them with no error limit
 * (graphql-js's own execute stops at 50), so 10,000 empty objects for a list of input objects made
 * 20,000 errors, a 4.5 MB answer and seconds of CPU. Coerced here first with the limit, a request
 * past it is refused with one error, the first problem and a count of what was checked.
 */
import { HeaderMap, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { getVariableValues, GraphQLError, OperationTypeNode } from 'graphql';

/** Apollo Server's code for an operation that cannot be resolved (a client error, see graphql-errors.ts). */
export const OPERATION_RESOLUTION_FAILURE = 'OPERATION_RESOLUTION_FAILURE';

/** Most problems in a request's variables that are reported (graphql-js execute's own limit). */
export const MAX_VARIABLE_ERRORS = 50;

function refusal(message: string, reason: string, code = OPERATION_RESOLUTION_FAILURE): GraphQLError {
  return new GraphQLError(message, {
    // Thrown before execution, so Apollo Server would otherwise answer 500.
    extensions: { code, reason, http: { status: 400, headers: new HeaderMap() } },
  });
}

/** The Apollo Server plugin. */
export function operationResolutionPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, operation, schema }) {
          if (!operation) {
            throw request.operationName
              ? refusal(`The document has no operation named "${request.operationName}".`, 'unknown_operation')
              : refusal('The document has several operations: name one in operationName.', 'operation_name_required');
          }
          if (operation.operation === OperationTypeNode.SUBSCRIPTION) {
            throw refusal('Subscriptions are not served over HTTP POST or GET.', 'subscription_over_http');
          }
          const definitions = operation.variableDefinitions ?? [];
          if (definitions.length > 0) {
            const { errors } = getVariableValues(schema, definitions, request.variables ?? {}, {
              maxErrors: MAX_VARIABLE_ERRORS,
            });
            if (errors && errors.length > MAX_VARIABLE_ERRORS) {
              throw refusal(
                `The variables have more than ${MAX_VARIABLE_ERRORS} problems (checking stopped there); the first: ${errors[0]!.message}`,
                'too_many_variable_errors',
                'BAD_USER_INPUT',
              );
            }
          }
          return Promise.resolve();
        },
      });
    },
  };
}
