/**
 * Rows and access rules cannot drift (issue 7, item 3): every REST row's declared auth (public, or
 * which callers with which scopes) is what the access rule of each root field its GraphQL operation
 * runs says, in both dialects of a row. The rules come from the kernel's combined ACCESS_TABLE.
 */
import { Kind, OperationTypeNode, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../subgraphs/kernel/auth/access-table.js';
import type { AccessRule } from '../subgraphs/kernel/auth/operation-access.js';
import type { Scope } from '../subgraphs/kernel/auth/scopes.js';
import type { CallerKind, Operation, Route, RowAuth } from './kernel/route.js';
import { routes } from './table.js';

/** `Query.publicStores` for each root field the operation selects (by field name, not alias). */
function rootFields(operation: Operation): string[] {
  const definitions = parse(operation.document).definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return definitions.flatMap((definition) => {
    const type = definition.operation === OperationTypeNode.MUTATION ? 'Mutation' : 'Query';
    return definition.selectionSet.selections.flatMap((s) =>
      s.kind === Kind.FIELD ? [`${type}.${s.name.value}`] : [],
    );
  });
}

/** The auth a row must declare for `rule`: undefined when anyone may call. */
function rowAuthOf(rule: AccessRule): RowAuth | undefined {
  const alternatives = (r: AccessRule): AccessRule[] => ('anyOf' in r ? r.anyOf.flatMap(alternatives) : [r]);
  const flat = alternatives(rule);
  if (flat.some((r) => 'public' in r)) return undefined;
  const callers = new Set<CallerKind>();
  const scopes = new Set<string>();
  for (const r of flat) {
    if ('operator' in r) callers.add('operator');
    if ('user' in r) callers.add('user');
    if ('business' in r) callers.add('business');
    const scope = 'user' in r ? r.user : 'business' in r ? r.business : null;
    if (scope !== null) scopes.add(scope);
  }
  return { callers: [...callers].sort(), scopes: [...scopes].sort() };
}

const normalized = (auth: RowAuth | undefined) =>
  auth && { callers: [...auth.callers].sort(), scopes: [...auth.scopes].sort() };

/** Each operation a row runs: the row's own and its form dialect's. */
const operationsOf = (route: Route): Operation[] => [
  route.operation,
  ...(route.form?.operation ? [route.form.operation] : []),
];

const cases = routes.flatMap((route) =>
  operationsOf(route).flatMap((operation) =>
    rootFields(operation).map((field) => [`${route.method} ${route.path} (${field})`, route, field] as const),
  ),
);

describe('REST rows and access rules', () => {
  it('covers every row', () => {
    expect(new Set(cases.map(([, route]) => route)).size).toBe(routes.length);
  });

  it.each(cases)('%s declares what the rule says', (_name, route, field) => {
    const rule = ACCESS_TABLE[field];
    expect(rule, `${field} has no access rule`).toBeDefined();
    expect(normalized(route.auth)).toEqual(rowAuthOf(rule!));
  });

  it('reads rules as a row would state them', () => {
    expect(rowAuthOf({ public: true })).toBeUndefined();
    expect(rowAuthOf({ anyOf: [{ operator: true }, { public: true }] })).toBeUndefined();
    expect(rowAuthOf({ user: null })).toEqual({ callers: ['user'], scopes: [] });
    expect(rowAuthOf({ anyOf: [{ operator: true }, { business: 'store.products.read' as Scope }] })).toEqual({
      callers: ['business', 'operator'],
      scopes: ['store.products.read'],
    });
  });
});
