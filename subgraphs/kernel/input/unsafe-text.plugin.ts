/**
 * Refuses a GraphQL operation whose variables or argument literals carry unsafe text (see
 * {@link unsafeTextReason}) before anything executes: a 400 with BAD_USER_INPUT naming each path.
 * Installed on the gateway and on every subgraph server, so every GraphQL input passes it.
 */
import { HeaderMap, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { GraphQLError, Kind, visit, type ASTNode, type OperationDefinitionNode } from 'graphql';
import { ErrorCode, VALIDATION_FAILED_DETAIL, type FieldError } from '../errors.js';
import { findUnsafeText, unsafeTextReason } from './unsafe-text.js';

/** The path of a literal inside the operation: response names, argument and input field names. */
function literalPath(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string {
  const names: string[] = [];
  for (const node of ancestors) {
    if (Array.isArray(node) || !('kind' in node)) continue;
    const n = node;
    if (n.kind === Kind.FIELD) names.push(n.alias?.value ?? n.name.value);
    else if (n.kind === Kind.ARGUMENT || n.kind === Kind.OBJECT_FIELD) names.push(n.name.value);
  }
  return names.join('.');
}

// Apollo Server reuses the parsed document of a repeated operation, so its literals are checked once.
const checkedOperations = new WeakMap<OperationDefinitionNode, FieldError[]>();

function literalErrors(operation: OperationDefinitionNode): FieldError[] {
  const known = checkedOperations.get(operation);
  if (known) return known;
  const errors: FieldError[] = [];
  visit(operation, {
    StringValue(node, _key, parent, _path, ancestors) {
      const reason = unsafeTextReason(node.value);
      // graphql-js passes the parent apart from the other ancestors.
      if (reason) errors.push({ path: literalPath(parent ? [...ancestors, parent] : ancestors), message: reason });
    },
  });
  checkedOperations.set(operation, errors);
  return errors;
}

/** The Apollo Server plugin. */
export function unsafeTextPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, operation }) {
          const errors = [...findUnsafeText(request.variables ?? {}), ...(operation ? literalErrors(operation) : [])];
          if (errors.length === 0) return Promise.resolve();
          throw new GraphQLError(VALIDATION_FAILED_DETAIL, {
            extensions: {
              code: ErrorCode.BadUserInput,
              reason: 'validation_failed',
              errors,
              // Thrown before execution, so Apollo Server would otherwise answer 500.
              http: { status: 400, headers: new HeaderMap() },
            },
          });
        },
      });
    },
  };
}
