/**
 * Who reads and who defines segments. Reading takes crm.segments.read (or the operator). The scope
 * table has no write scope for segments: they are "defined by the business owner through a
 * first-party app", so defining takes a business token with crm.segments.read issued to an OAuth
 * client the operator marked first-party (identity's `oauth_client.first_party`, read by the token's
 * client_id), or the operator. A partner app with the same scope reads segments but cannot change them.
 */
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError } from '../../kernel/errors.js';
import { PROFILES_SCOPE } from '../../kernel/privacy/min-group.js';

export const SEGMENTS_SCOPE = 'crm.segments.read';

/** The caller's business after the read check; null for the operator (any business). */
export function segmentReader(principal: Principal): string | null {
  if (principal.kind === 'operator') return null;
  return requireBusinessScope(principal, SEGMENTS_SCOPE).businessAccountId;
}

/**
 * The caller's business after the definition check; null for the operator. FORBIDDEN
 * `first_party_app_required` for a token of an app that is not first-party.
 */
export async function segmentDefiner(principal: Principal, em: EntityManager): Promise<string | null> {
  if (principal.kind === 'operator') return null;
  const caller = requireBusinessScope(principal, SEGMENTS_SCOPE);
  const rows = await em.execute<{ first_party: boolean }[]>(
    'select "first_party" from "oauth_client" where "client_id" = ?',
    [caller.clientId],
  );
  if (rows[0]?.first_party !== true)
    throw new ForbiddenError(
      'Segments are defined by the business owner through a first-party app.',
      'first_party_app_required',
      SEGMENTS_SCOPE,
    );
  return caller.businessAccountId;
}

/** Members are listed one by one only to crm.profiles.read (or the operator); FORBIDDEN otherwise. */
export function requireProfilesReader(principal: Principal): void {
  if (principal.kind === 'operator') return;
  requireBusinessScope(principal, PROFILES_SCOPE);
}

/**
 * The business a new segment is of: the definer's own (naming another is FORBIDDEN other_business),
 * or the one the operator names (required). `own` is what {@link segmentDefiner} answered.
 */
export function segmentBusiness(own: string | null, named: string | null | undefined): string {
  if (own !== null) {
    if (named && named !== own)
      throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
    return own;
  }
  if (!named || !isUuid(named))
    throw new BadUserInputError('The operator must name the business account.', [
      { path: 'businessAccountId', message: 'required, a UUID' },
    ]);
  return named;
}
