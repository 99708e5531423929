/**
 * A storefront shop's inventory level posts to the stock ledger (the stores job calls this for each
 * published storefront `inventory.updated`): the shop names an inventory item, a location of its own
 * and the absolute quantity available; when the business linked both (storefront-link.entity.ts), the
 * level of the linked product at the linked stock location is set to it by one `adjustment` (reason
 * `storefront sync`, source `storefront`, reference the stored webhook delivery) of the difference.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { STOCK_POSTINGS_ACTOR, type PostingTally } from './sale-postings.js';
import { lockLevel, postMovements } from './stock-ledger.js';
import { StockMovementKind } from './stock-movement.entity.js';

export const STOREFRONT_SOURCE = 'storefront';
export const STOREFRONT_SYNC_REASON = 'storefront sync';

/**
 * Whether an `inventory.updated` payload is a storefront shop's (receipts' storefront worker: it names
 * the shop's `inventoryItemId` and `shopDomain`) rather than the ledger's own (which names the
 * `movementId` it reports, and must not be posted again).
 */
export function isStorefrontLevel(payload: Record<string, unknown>): boolean {
  return (
    typeof payload.shopDomain === 'string' &&
    typeof payload.inventoryItemId === 'string' &&
    typeof payload.locationId === 'string' &&
    !('movementId' in payload)
  );
}

interface LinkedLevel {
  product_id: string;
  location_id: string;
  allows_backorder: boolean;
}

/** Sets the linked level to the shop's `available`; an unlinked item or location is skipped. */
export async function syncStorefrontLevel(
  em: EntityManager,
  businessAccountId: string,
  event: { readonly id: string; readonly payload: Record<string, unknown> },
  now: Date,
  tally: PostingTally,
): Promise<void> {
  const { payload } = event;
  const available = payload.available;
  if (typeof available !== 'number' || !Number.isInteger(available)) {
    tally.add('untrackedLevels');
    return;
  }
  const [linked] = await em.execute<LinkedLevel[]>(
    `select i."product_id", l."location_id", p."allows_backorder"
     from "storefront_item_link" i
     join "storefront_location_link" l on l."business_account_id" = i."business_account_id" and l."shop_domain" = i."shop_domain"
     join "product" p on p."id" = i."product_id"
     where i."business_account_id" = ? and i."shop_domain" = ? and i."inventory_item_id" = ? and l."storefront_location_id" = ?`,
    [businessAccountId, payload.shopDomain, payload.inventoryItemId, payload.locationId],
  );
  if (!linked) {
    tally.add('unlinkedLevels');
    return;
  }
  // The ledger refuses a level below zero unless the product allows backorder; so does its sync.
  if (available < 0 && !linked.allows_backorder) {
    tally.add('refusedLevels');
    return;
  }
  const onHand = await lockLevel(em, businessAccountId, linked.product_id, linked.location_id, now);
  if (available === onHand) {
    tally.add('levelsInSync');
    return;
  }
  await postMovements(em, businessAccountId, [
    {
      productId: linked.product_id,
      locationId: linked.location_id,
      quantity: available - onHand,
      kind: StockMovementKind.adjustment,
      reason: STOREFRONT_SYNC_REASON,
      source: STOREFRONT_SOURCE,
      sourceRef: typeof payload.webhookId === 'string' ? payload.webhookId : event.id,
      actor: STOCK_POSTINGS_ACTOR,
    },
  ]);
  tally.add('levelsSet');
}
