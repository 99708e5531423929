/**
 * Who manages what in the stores subgraph: the operator manages every business's stores, shop apps
 * and their content; a business token (its owner's, or a partner app's the owner consented for)
 * manages only its own business's. The access rules (access.ts) have already checked the caller's
 * kind and scope; these checks add ownership. Another business's record is answered as not found,
 * so a token learns nothing about records it does not own.
 */
import type { Principal } from '../kernel/auth/principal.js';
import { requireAuthenticated } from '../kernel/auth/access.js';
import { isUuid } from '../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError } from '../kernel/errors.js';

/** Whether `principal` may manage the records of `businessAccountId`. */
export function mayManage(principal: Principal, businessAccountId: string): boolean {
  if (principal.kind === 'operator') return true;
  return principal.kind === 'business' && principal.businessAccountId === businessAccountId;
}

/**
 * The business a new record belongs to: a business token's own (naming another one is refused as
 * forbidden), or the one the operator names (required).
 */
export function managedBusiness(principal: Principal, named: string | null | undefined): string {
  const caller = requireAuthenticated(principal);
  if (caller.kind === 'business') {
    if (named && named !== caller.businessAccountId)
      throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
    return caller.businessAccountId;
  }
  if (caller.kind !== 'operator')
    throw new ForbiddenError('This operation needs a business token.', 'business_token_required');
  if (!named || !isUuid(named))
    throw new BadUserInputError(
      'The operator must name the business account.',
      [{ path: 'businessAccountId', message: 'required, a UUID' }],
      'validation_failed',
    );
  return named;
}
