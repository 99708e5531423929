/**
 * Who may call each root operation. Every Query and Mutation field of a subgraph must have a rule in
 * that subgraph's own `access.ts` (the kernel combines them into the one access table,
 * kernel/auth/access-table.ts); {@link guardRootFields} wraps each root resolver with
 * {@link enforceAccess}, so a rule holds even where a service forgets its own check, and a root field
 * without a rule stops the subgraph from building (fail closed).
 */
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { Principal } from './principal.js';
import type { Scope } from './scopes.js';

/**
 * One access rule. `scope: null` means any token of that kind. `othersReason`, when set, is the
 * `reason` a caller of another kind is refused with (else `forbidden`), so the guard can answer as the
 * service's own check would (`user_token_required`, like requireUser).
 */
export type AccessRule =
  | { readonly public: true }
  | { readonly operator: true }
  | { readonly user: Scope | null; readonly othersReason?: string }
  | { readonly business: Scope | null; readonly othersReason?: string }
  | { readonly anyOf: readonly AccessRule[] };

/** `Query.publicStores` -> rule. */
export type AccessTable = Readonly<Record<string, AccessRule>>;

export const PUBLIC: AccessRule = { public: true };
export const OPERATOR: AccessRule = { operator: true };
export const user = (scope: Scope | null, othersReason?: string): AccessRule =>
  othersReason ? { user: scope, othersReason } : { user: scope };
export const business = (scope: Scope | null): AccessRule => ({ business: scope });
export const anyOf = (...rules: AccessRule[]): AccessRule => ({ anyOf: rules });

/** Federation's own root fields: the gateway's plumbing, not client operations. */
const FEDERATION_FIELDS = new Set(['Query._service', 'Query._entities']);

/** Whether `principal` satisfies `rule`; the scope it lacks when it is the right kind of caller. */
function check(rule: AccessRule, principal: Principal): { ok: boolean; missingScope?: string; othersReason?: string } {
  if ('public' in rule) return { ok: true };
  if ('anyOf' in rule) {
    const results = rule.anyOf.map((r) => check(r, principal));
    return (
      results.find((r) => r.ok) ??
      results.find((r) => r.missingScope) ??
      // An alternative that names the reason others are refused with (business_token_required) says it.
      // Stryker disable next-line ObjectLiteral: `{}` has `ok` undefined, which refuses like false.
      results.find((r) => r.othersReason) ?? { ok: false }
    );
  }
  if ('operator' in rule) return { ok: principal.kind === 'operator' };
  const kind = 'user' in rule ? 'user' : 'business';
  const scope = 'user' in rule ? rule.user : rule.business;
  // Stryker disable next-line ObjectLiteral: `{}` has `ok` undefined, which refuses like false.
  if (principal.kind !== kind)
    return rule.othersReason ? { ok: false, othersReason: rule.othersReason } : { ok: false };
  if (scope !== null && !principal.scopes.has(scope)) return { ok: false, missingScope: scope };
  return { ok: true };
}

/** Throws UNAUTHENTICATED (no or invalid token) or FORBIDDEN (wrong caller or missing scope). */
export function enforceAccess(rule: AccessRule, principal: Principal, operation: string): void {
  const result = check(rule, principal);
  if (result.ok) return;
  if (principal.kind === 'anonymous') {
    throw principal.invalidToken
      ? new UnauthenticatedError('The access token is invalid, expired or revoked.', 'invalid_token')
      : new UnauthenticatedError('Authentication is required.', 'unauthenticated');
  }
  if (result.missingScope) {
    throw new ForbiddenError(
      `The token lacks the ${result.missingScope} scope.`,
      'insufficient_scope',
      result.missingScope,
    );
  }
  throw new ForbiddenError(`This token may not call ${operation}.`, result.othersReason ?? 'forbidden');
}

/**
 * Wraps every Query and Mutation field of `schema` with its rule from `table`; throws when a field
 * has none, naming every unlisted operation, and when the table rules an operation the schema does
 * not have (a rule left behind, or written in the wrong subgraph's access.ts).
 */
export function guardRootFields(schema: GraphQLSchema, table: AccessTable): GraphQLSchema {
  const missing: string[] = [];
  const ruled = new Set<string>();
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const operation = `${type.name}.${field.name}`;
      if (FEDERATION_FIELDS.has(operation)) continue;
      const rule = table[operation];
      if (!rule) {
        missing.push(operation);
        continue;
      }
      ruled.add(operation);
      const resolve: GraphQLFieldResolver<unknown, { principal: Principal }> = field.resolve ?? defaultFieldResolver;
      const guarded: GraphQLFieldResolver<unknown, { principal: Principal }> = (source, args, context, info) => {
        enforceAccess(rule, context.principal, operation);
        return resolve(source, args, context, info);
      };
      field.resolve = guarded as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  if (missing.length > 0)
    throw new Error(`No access rule for: ${missing.join(', ')} (add them to the subgraph's access.ts)`);
  const stray = Object.keys(table).filter((operation) => !ruled.has(operation));
  if (stray.length > 0) throw new Error(`Access rules for operations the subgraph does not have: ${stray.join(', ')}`);
  return schema;
}

/** A subgraph's name and the rules of its root operations (its `access.ts`). */
export interface AccessOwner {
  readonly name: string;
  readonly access: AccessTable;
}

/**
 * The one access table: every owner's rules together. Throws when two owners rule the same
 * operation, naming the operation and both owners, so no operation has two rules to choose from.
 */
export function combineAccessTables(owners: readonly AccessOwner[]): AccessTable {
  const combined: Record<string, AccessRule> = {};
  const ownerOf = new Map<string, string>();
  const twice: string[] = [];
  for (const { name, access } of owners) {
    for (const [operation, rule] of Object.entries(access)) {
      const first = ownerOf.get(operation);
      if (first !== undefined) twice.push(`${operation} (${first}, ${name})`);
      ownerOf.set(operation, first ?? name);
      combined[operation] = rule;
    }
  }
  if (twice.length > 0) throw new Error(`Operations ruled by more than one subgraph: ${twice.join(', ')}`);
  return combined;
}
