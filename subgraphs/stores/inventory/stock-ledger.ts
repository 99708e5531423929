/**
 * The one writer of stock: every movement (a manual adjustment, a receipt of goods, a transfer, a
 * stocktake, and the sales of receipts, storefront orders and the inbound inventory webhook) is posted
 * by {@link postMovements}, which appends it to the ledger, moves the level by one atomic statement and
 * writes `inventory.updated`, all in the caller's transaction.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError } from '../../kernel/errors.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';
import { StockMovement, type StockMovementKind } from './stock-movement.entity.js';

/** One movement to post. */
export interface MovementPosting {
  readonly productId: string;
  readonly locationId: string;
  /** Signed, not zero. */
  readonly quantity: number;
  readonly kind: StockMovementKind;
  readonly reason?: string | null;
  readonly transferId?: string | null;
  /** What posts it: `manual`, `stocktake`, `receipt`, `order`, `webhook`, ... */
  readonly source: string;
  /** The source's reference of this movement: a second posting of it is ignored (idempotent). */
  readonly sourceRef?: string | null;
  /** Who posts it (see {@link actorOf}). */
  readonly actor: string;
  readonly occurredAt?: Date;
  /**
   * A fact already happened (a sale at the till or in a shop): posted even when it takes the level
   * below zero, since refusing it would not undo the sale, only leave the ledger unable to explain
   * the shelf. Requests (adjustments, transfers, stocktakes) never set it: they are refused below zero
   * unless the product allows backorder.
   */
  readonly recordedFact?: boolean;
}

export const insufficientStock = () =>
  new ConflictError('The stock on hand is too low and the product does not allow backorder.', 'insufficient_stock');
const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');
const locationNotFound = () =>
  new NotFoundError('No stock location of this business has this id.', 'location_not_found');

/** Makes sure the level row exists (at 0), so the guarded update below always finds it. */
const ENSURE_LEVEL = `insert into "stock_level" ("product_id", "location_id", "business_account_id", "on_hand", "updated_at")
  values (?, ?, ?, 0, ?) on conflict do nothing`;

/**
 * Moves a level by one statement under its row lock, so concurrent postings never lose an update,
 * and refuses to take stock below zero unless the product allows backorder or the posting is a
 * recorded fact (no row comes back then); adding stock is always allowed.
 */
const MOVE_LEVEL = `update "stock_level" set "on_hand" = "on_hand" + ?, "updated_at" = ?
  where "product_id" = ? and "location_id" = ?
  and (? >= 0 or ? or "on_hand" + ? >= 0 or exists (select 1 from "product" p where p."id" = "stock_level"."product_id" and p."allows_backorder"))
  returning "on_hand"`;

/**
 * Posts `postings` for `businessAccountId` in `em`, which must be a transaction's EntityManager: each
 * product and location must be the business's (else NOT_FOUND), every level moves or none does
 * (CONFLICT insufficient_stock, and the caller's transaction rolls back). A posting whose
 * (source, sourceRef) is already in the ledger is not posted again: its recorded movement is returned
 * in its place. Two postings of one sourceRef racing each other: the second waits for the first and
 * fails with CONFLICT duplicate_posting (posting it again then answers the recorded movement).
 * Levels are locked in (product, location) order, so two transactions posting the same levels in
 * different orders cannot deadlock.
 */
export async function postMovements(
  em: EntityManager,
  businessAccountId: string,
  postings: readonly MovementPosting[],
): Promise<StockMovement[]> {
  const products = await productsOf(em, businessAccountId, postings);
  const locations = await locationsOf(em, businessAccountId, postings);
  const recorded = await alreadyPosted(em, businessAccountId, postings);
  const now = new Date();
  const fresh = postings.filter((p) => !p.sourceRef || !recorded.has(refKey(p.source, p.sourceRef)));
  const onHand = new Map<MovementPosting, number>();
  for (const posting of [...fresh].sort((a, b) => levelKey(a).localeCompare(levelKey(b))))
    onHand.set(posting, await moveLevel(em, businessAccountId, posting, now));
  // The ledger rows and events in the order given (their ids order them), after every level moved.
  const posted = new Map<MovementPosting, StockMovement>();
  for (const posting of postings) {
    const existing = posting.sourceRef ? recorded.get(refKey(posting.source, posting.sourceRef)) : undefined;
    posted.set(
      posting,
      existing ?? record(em, businessAccountId, posting, onHand.get(posting)!, now, products, locations),
    );
  }
  try {
    await em.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    throw new ConflictError('A movement of this source reference is being posted.', 'duplicate_posting');
  }
  return postings.map((posting) => posted.get(posting)!);
}

/**
 * Locks the level of a product at a location (made at 0 first when new) until the caller's
 * transaction ends, and answers its on-hand: a level set to an absolute value (a storefront's sync)
 * computes its movement from it without a concurrent posting slipping in between.
 */
export async function lockLevel(
  em: EntityManager,
  businessAccountId: string,
  productId: string,
  locationId: string,
  now: Date,
): Promise<number> {
  await em.execute(ENSURE_LEVEL, [productId, locationId, businessAccountId, now], 'run');
  const [level] = await em.execute<{ on_hand: number }[]>(
    'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ? for update',
    [productId, locationId],
  );
  return level!.on_hand;
}

const levelKey = (p: MovementPosting) => `${p.productId}/${p.locationId}`;
const refKey = (source: string, sourceRef: string) => `${source}\u001f${sourceRef}`;

/** Moves the posting's level (made at 0 first when new); the level after. */
async function moveLevel(em: EntityManager, businessAccountId: string, posting: MovementPosting, now: Date) {
  await em.execute(ENSURE_LEVEL, [posting.productId, posting.locationId, businessAccountId, now], 'run');
  const [level] = await em.execute<{ on_hand: number }[]>(MOVE_LEVEL, [
    posting.quantity,
    now,
    posting.productId,
    posting.locationId,
    posting.quantity,
    posting.recordedFact === true,
    posting.quantity,
  ]);
  if (!level) throw insufficientStock();
  return level.on_hand;
}

/** The ledger row of a posting and its `inventory.updated` event, in `em`'s unit of work. */
function record(
  em: EntityManager,
  businessAccountId: string,
  posting: MovementPosting,
  onHandAfter: number,
  now: Date,
  skus: ReadonlyMap<string, string>,
  stores: ReadonlyMap<string, string | null>,
): StockMovement {
  const movement = em.create(StockMovement, {
    businessAccountId,
    productId: posting.productId,
    locationId: posting.locationId,
    quantity: posting.quantity,
    kind: posting.kind,
    reason: posting.reason ?? null,
    transferId: posting.transferId ?? null,
    source: posting.source,
    sourceRef: posting.sourceRef ?? null,
    actor: posting.actor,
    occurredAt: posting.occurredAt ?? now,
    onHandAfter,
  });
  em.create(OutboxEvent, {
    type: 'inventory.updated',
    businessAccountId,
    payload: {
      movementId: movement.id,
      productId: posting.productId,
      sku: skus.get(posting.productId)!,
      locationId: posting.locationId,
      storeId: stores.get(posting.locationId) ?? null,
      delta: posting.quantity,
      onHand: onHandAfter,
      kind: posting.kind,
    },
  });
  return movement;
}

/** The SKU of each posted product of the business; NOT_FOUND product_not_found for any other. */
async function productsOf(
  em: EntityManager,
  businessAccountId: string,
  postings: readonly MovementPosting[],
): Promise<Map<string, string>> {
  const ids = [...new Set(postings.map((p) => p.productId))];
  if (!ids.every(isUuid)) throw productNotFound();
  const rows = await em.execute<{ id: string; sku: string }[]>(
    `select "id", "sku" from "product" where "business_account_id" = ? and "id" in (${ids.map(() => '?').join(', ')})`,
    [businessAccountId, ...ids],
  );
  if (rows.length !== ids.length) throw productNotFound();
  return new Map(rows.map((r) => [r.id, r.sku]));
}

/** The store of each posted location of the business; NOT_FOUND location_not_found for any other. */
async function locationsOf(
  em: EntityManager,
  businessAccountId: string,
  postings: readonly MovementPosting[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(postings.map((p) => p.locationId))];
  if (!ids.every(isUuid)) throw locationNotFound();
  const rows = await em.execute<{ id: string; store_id: string | null }[]>(
    `select "id", "store_id" from "stock_location" where "business_account_id" = ? and "id" in (${ids.map(() => '?').join(', ')})`,
    [businessAccountId, ...ids],
  );
  if (rows.length !== ids.length) throw locationNotFound();
  return new Map(rows.map((r) => [r.id, r.store_id]));
}

/** The recorded movements of the postings' (source, sourceRef) pairs, by `source U+001F sourceRef`. */
async function alreadyPosted(
  em: EntityManager,
  businessAccountId: string,
  postings: readonly MovementPosting[],
): Promise<Map<string, StockMovement>> {
  const refs = postings.filter((p) => p.sourceRef);
  if (refs.length === 0) return new Map();
  const found = await em.find(StockMovement, {
    businessAccountId,
    $or: refs.map((p) => ({ source: p.source, sourceRef: p.sourceRef! })),
  });
  return new Map(found.map((m) => [refKey(m.source, m.sourceRef!), m]));
}

/** The actor recorded for a caller: `operator`, or `app:<client id>` for a business token. */
export function actorOf(principal: { kind: string; clientId?: string }): string {
  return principal.kind === 'business' && principal.clientId ? `app:${principal.clientId}` : principal.kind;
}
