/**
 * Refuses, before execution, a request whose document holds no operation to run: an
 * `operationName` that names none of its operations (or none given for a document of several), and
 * a subscription, which is not served over plain HTTP. Without it the gateway's executor throws and
 * Apollo Server answers 500. Installed on the gateway and on every subgraph server.
 */
import { HeaderMap, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { GraphQLError, OperationTypeNode } from 'graphql';

/** Apollo Server's code for an operation that cannot be resolved (a client error, see graphql-errors.ts). */
export const OPERATION_RESOLUTION_FAILURE = 'OPERATION_RESOLUTION_FAILURE';

function refusal(message: string, reason: string): GraphQLError {
  return new GraphQLError(message, {
    // Thrown before execution, so Apollo Server would otherwise answer 500.
    extensions: { code: OPERATION_RESOLUTION_FAILURE, reason, http: { status: 400, headers: new HeaderMap() } },
  });
}

/** The Apollo Server plugin. */
export function operationResolutionPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, operation }) {
          if (!operation) {
            throw request.operationName
              ? refusal(`The document has no operation named "${request.operationName}".`, 'unknown_operation')
              : refusal('The document has several operations: name one in operationName.', 'operation_name_required');
          }
          if (operation.operation === OperationTypeNode.SUBSCRIPTION) {
            throw refusal('Subscriptions are not served over HTTP POST or GET.', 'subscription_over_http');
          }
          return Promise.resolve();
        },
      });
    },
  };
}
