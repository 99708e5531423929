/**
 * Access checks that services make on their first line. They throw the coded errors the facade maps
 * to 401 (with `WWW-Authenticate: Bearer error="invalid_token"` when a token was sent) and 403 (with
 * `error="insufficient_scope"` and the scope needed), RFC 6750 §3.
 */
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { GrantPrincipal, Principal } from './principal.js';

function unauthenticated(principal: Principal): UnauthenticatedError {
  // Stryker disable next-line ConditionalExpression: only ever called for anonymous principals.
  return principal.kind === 'anonymous' && principal.invalidToken
    ? new UnauthenticatedError('The access token is invalid, expired or revoked.', 'invalid_token')
    : new UnauthenticatedError('Authentication is required.', 'unauthenticated');
}

/** Operator-only actions. */
export function requireOperator(principal: Principal): void {
  if (principal.kind === 'operator') return;
  if (principal.kind === 'anonymous') throw unauthenticated(principal);
  throw new ForbiddenError('This action is reserved for operators.', 'operator_only');
}

/** Any authenticated caller (operator or OAuth grant). */
export function requireAuthenticated(principal: Principal): Exclude<Principal, { kind: 'anonymous' }> {
  if (principal.kind === 'anonymous') throw unauthenticated(principal);
  return principal;
}

/** A consumer's token carrying `scope` (user scopes). Returns the grant, so the caller knows the user. */
export function requireUserScope(principal: Principal, scope: string): GrantPrincipal & { kind: 'user' } {
  if (principal.kind === 'anonymous') throw unauthenticated(principal);
  if (principal.kind !== 'user')
    throw new ForbiddenError('This operation needs a user token.', 'user_token_required', scope);
  if (!principal.scopes.has(scope))
    throw new ForbiddenError(`The token lacks the ${scope} scope.`, 'insufficient_scope', scope);
  return principal;
}

/** A business account's token carrying `scope` (business scopes). */
export function requireBusinessScope(principal: Principal, scope: string): GrantPrincipal & { kind: 'business' } {
  if (principal.kind === 'anonymous') throw unauthenticated(principal);
  if (principal.kind !== 'business') {
    throw new ForbiddenError('This operation needs a business token.', 'business_token_required', scope);
  }
  if (!principal.scopes.has(scope))
    throw new ForbiddenError(`The token lacks the ${scope} scope.`, 'insufficient_scope', scope);
  return principal;
}

/** A consumer's token, whatever its scopes (operations the interface lists without 403). */
export function requireUser(principal: Principal): GrantPrincipal & { kind: 'user' } {
  if (principal.kind === 'anonymous') throw unauthenticated(principal);
  if (principal.kind !== 'user') throw new ForbiddenError('This operation needs a user token.', 'user_token_required');
  return principal;
}
