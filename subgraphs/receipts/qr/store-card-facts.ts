/**
 * The little of a store a counter card prints: its name, and the facts of the visibility rule
 * (kernel/auth/store-visibility.ts). The stores subgraph owns the `store` table; this read model reads
 * those columns with one statement on the shared database, as the visibility check of terminals does,
 * rather than a federation round trip from inside a resolver that answers bytes.
 */
import type { StoreVisibilityFacts } from '../../kernel/auth/store-visibility.js';
import type { EntityManager } from '../../kernel/db/orm.js';

/** A store's name with the facts that decide who may see it. */
export interface StoreCardFacts extends StoreVisibilityFacts {
  readonly name: string;
}

interface StoreRow {
  name: string;
  is_public_listing: boolean;
  place_id: string | null;
  business_account_id: string;
}

/** The card facts of the store, or null when no store has this id. */
export async function readStoreCardFacts(em: EntityManager, storeId: string): Promise<StoreCardFacts | null> {
  const rows = await em
    .fork()
    .execute<StoreRow[]>(
      'select "name", "is_public_listing", "place_id", "business_account_id" from "store" where "id" = ?',
      [storeId],
    );
  const row = rows[0];
  return row
    ? {
        name: row.name,
        isPublicListing: row.is_public_listing,
        placeId: row.place_id,
        businessAccountId: row.business_account_id,
      }
    : null;
}
