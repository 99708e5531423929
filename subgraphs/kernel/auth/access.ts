import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { Principal } from './principal.js';

/** Services call this on their first line for operator-only actions. */
export function requireOperator(principal: Principal): void {
  if (principal.kind === 'operator') return;
  if (principal.kind === 'anonymous') {
    throw new UnauthenticatedError(
      principal.invalidToken ? 'The access token is invalid.' : 'Authentication is required.',
      principal.invalidToken ? 'invalid_token' : 'unauthenticated',
    );
  }
  throw new ForbiddenError('This action is reserved for operators.', 'operator_only');
}
