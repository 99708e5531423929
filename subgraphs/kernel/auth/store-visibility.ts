/**
 * Who may see a store (issue 6, item 9): anyone when it is publicly visible (listed, or known by a
 * place-directory id, as the public REST paths say); otherwise only operators and its own business.
 * The stores subgraph applies the rule when it resolves a store; the subgraphs that reference a store
 * (terminals, campaigns) apply it before they hand out even its id, with one query on the shared
 * database, so an unlisted store is invisible through every public field.
 */
import type { EntityManager } from '../db/orm.js';
import type { Principal } from './principal.js';

/** The facts of a store the rule needs. */
export interface StoreVisibilityFacts {
  readonly isPublicListing: boolean;
  readonly placeId?: string | null;
  readonly businessAccountId: string;
}

/** Whether `principal` may see the store. */
export function canSeeStore(principal: Principal, store: StoreVisibilityFacts): boolean {
  if (store.isPublicListing || (store.placeId !== null && store.placeId !== undefined)) return true;
  if (principal.kind === 'operator') return true;
  return principal.kind === 'business' && principal.businessAccountId === store.businessAccountId;
}

/** The store id when `principal` may see that store, else null (also for an unknown store). */
export async function visibleStoreId(em: EntityManager, principal: Principal, storeId: string): Promise<string | null> {
  if (principal.kind === 'operator') return storeId;
  const rows = await em
    .fork()
    .execute<{ is_public_listing: boolean; place_id: string | null; business_account_id: string }[]>(
      'select "is_public_listing", "place_id", "business_account_id" from "store" where "id" = ?',
      [storeId],
    );
  const row = rows[0];
  if (!row) return null;
  const facts = {
    isPublicListing: row.is_public_listing,
    placeId: row.place_id,
    businessAccountId: row.business_account_id,
  };
  return canSeeStore(principal, facts) ? storeId : null;
}
