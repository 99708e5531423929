/**
 * Which limited root fields an operation calls, and with which key. Root fields are found through
 * inline fragments and fragment spreads too (else a fragment would walk around the limit); a response
 * key (alias or name) counts once, because GraphQL merges repeated selections of it into one call,
 * while each alias is a call of its own. Argument values come from the literals or from the variables
 * (their defaults included); fields under `@skip`/`@include` count whatever the condition.
 */
import { createHash } from 'node:crypto';
import {
  Kind,
  OperationTypeNode,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { RateLimitRule } from './rules.js';

/** The calls of one rule with one key in an operation. */
export interface LimitedCall {
  readonly rule: RateLimitRule;
  /** The counter key: a digest of the client IP and the rule's key arguments. */
  readonly key: string;
  /** How many times the operation calls the field with this key (one per alias). */
  readonly count: number;
}

/** What stands for a key argument that is not a scalar (a list or an object, which its type refuses). */
const NOT_A_SCALAR = '\u0000not-a-scalar';

/**
 * The counter key of a client IP and argument values: a SHA-256 digest, so the stored key has a fixed
 * length whatever a caller sends and no IP address is stored in clear. Key arguments are scalars; a
 * list or object sent for one (which validation then refuses) counts under one shared stand-in, never
 * serialised: a value nested 10,000 deep overflowed JSON.stringify's stack.
 */
export function rateLimitKey(clientIp: string | undefined, argumentValues: readonly unknown[]): string {
  const scalar = (v: unknown) => (v === undefined ? null : typeof v === 'object' && v !== null ? NOT_A_SCALAR : v);
  const material = JSON.stringify([clientIp ?? '', ...argumentValues.map(scalar)]);
  return createHash('sha256').update(material).digest('base64url');
}

function rootFieldNodes(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: Set<string>,
  into: Map<string, FieldNode>,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const responseKey = selection.alias?.value ?? selection.name.value;
      if (!into.has(responseKey)) into.set(responseKey, selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      rootFieldNodes(selection.selectionSet, fragments, seen, into);
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) rootFieldNodes(fragment.selectionSet, fragments, seen, into);
    }
  }
}

/** The variables with the operation's defaults under what the request sent. */
function effectiveVariables(
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) values[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  return { ...values, ...variables };
}

function argumentValue(field: FieldNode, name: string, variables: Record<string, unknown>): unknown {
  const argument = field.arguments?.find((a) => a.name.value === name);
  return argument ? valueFromASTUntyped(argument.value, variables) : undefined;
}

/** The limited calls of `operation`, grouped by rule and key, in the order of the rule table. */
export function limitedCalls(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
  clientIp: string | undefined,
  rules: readonly RateLimitRule[],
  signedIn = false,
): LimitedCall[] {
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) return [];
  const typeName = operation.operation === OperationTypeNode.MUTATION ? 'Mutation' : 'Query';
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const fields = new Map<string, FieldNode>();
  rootFieldNodes(operation.selectionSet, fragments, new Set(), fields);
  const values = effectiveVariables(operation, variables);
  const calls = new Map<string, { rule: RateLimitRule; key: string; count: number }>();
  for (const rule of rules) {
    if (signedIn && rule.anonymousOnly) continue;
    for (const field of fields.values()) {
      if (`${typeName}.${field.name.value}` !== rule.field) continue;
      const key = rateLimitKey(
        clientIp,
        rule.keyArguments.map((name) => argumentValue(field, name, values)),
      );
      const call = calls.get(`${rule.policy} ${key}`) ?? { rule, key, count: 0 };
      call.count += 1;
      calls.set(`${rule.policy} ${key}`, call);
    }
  }
  return [...calls.values()];
}
