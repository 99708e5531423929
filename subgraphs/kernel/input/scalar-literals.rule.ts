/**
 * The gateway validates documents against the supergraph, where custom scalars (DateTimeISO) are
 * opaque and accept any literal; the subgraph that later parses a malformed one fails while it
 * executes, which would surface as an internal error. This rule checks each inline literal of a
 * known custom scalar with the scalar's own parser at validation, so a bad one is refused there
 * (GRAPHQL_VALIDATION_FAILED, HTTP 400) like any other wrongly typed value. Variables are coerced by
 * the subgraph itself, which answers BAD_USER_INPUT.
 */
import {
  GraphQLError,
  getNullableType,
  isScalarType,
  Kind,
  print,
  type ASTVisitor,
  type GraphQLScalarType,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';

/** The custom scalars the subgraphs declare (their implementations). */
export const CUSTOM_SCALARS: readonly GraphQLScalarType[] = [GraphQLDateTimeISO];

/** Whether `parse` accepts the literal (it throws or answers undefined when not). */
function accepts(scalar: GraphQLScalarType, node: ValueNode): boolean {
  try {
    return scalar.parseLiteral(node, undefined) !== undefined;
  } catch {
    return false;
  }
}

/** The validation rule for `scalars` (by name: the supergraph's scalar types are other objects). */
export function customScalarLiteralsRule(scalars: readonly GraphQLScalarType[] = CUSTOM_SCALARS): ValidationRule {
  const byName = new Map(scalars.map((scalar) => [scalar.name, scalar]));
  return (context: ValidationContext): ASTVisitor => {
    const check = (node: ValueNode) => {
      const type = getNullableType(context.getInputType());
      const scalar = isScalarType(type) ? byName.get(type.name) : undefined;
      if (!scalar || node.kind === Kind.VARIABLE || node.kind === Kind.NULL || accepts(scalar, node)) return;
      context.reportError(
        new GraphQLError(`Expected a value of type ${scalar.name}, found ${print(node)}.`, { nodes: node }),
      );
    };
    return {
      StringValue: check,
      IntValue: check,
      FloatValue: check,
      BooleanValue: check,
      EnumValue: check,
      ListValue: check,
      ObjectValue: check,
    };
  };
}
