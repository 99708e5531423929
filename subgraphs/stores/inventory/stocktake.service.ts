import { LockMode } from '@mikro-orm/core';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { managerOf } from '../product/product.service.js';
import { actorOf, postMovements, type MovementPosting } from './stock-ledger.js';
import type { StockLocationService } from './stock-location.service.js';
import { StockMovementKind } from './stock-movement.entity.js';
import { MAX_QUANTITY } from './stock.service.js';
import type { StocktakeCountInput } from './stocktake.input.js';
import { Stocktake, StocktakeStatus } from './stocktake.entity.js';

const stocktakeNotFound = () => new NotFoundError('No stocktake of this business has this id.', 'stocktake_not_found');
const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');
const notOpen = (status: StocktakeStatus) =>
  new ConflictError(
    `The stocktake is ${status}.`,
    status === StocktakeStatus.applied ? 'stocktake_applied' : 'stocktake_cancelled',
  );

/** The levels a stocktake corrects, locked, each made at 0 first when new (so its first count is locked too). */
const LOCK_LEVELS = `select l."product_id", l."counted", s."on_hand" from "stocktake_line" l
  join "stock_level" s on s."product_id" = l."product_id" and s."location_id" = ?
  where l."stocktake_id" = ? order by l."product_id" for update of s`;

/**
 * Stocktakes (store.inventory.read / .write): a counting session at one location whose counts are
 * recorded (and re-recorded) while it is open, then applied in one transaction as one `stocktake`
 * movement per counted product of (counted - on hand at that moment), or cancelled.
 */
export class StocktakeService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly locations: StockLocationService,
  ) {}

  /** One of the caller's stocktakes. */
  get(id: string): Promise<Stocktake> {
    return this.owned(this.ctx.em, id, managerOf(this.ctx.principal, 'store.inventory.read'));
  }

  /** Opens a stocktake at one of the caller's locations. */
  async open(locationId: string): Promise<Stocktake> {
    const location = await this.locations.owned(locationId, managerOf(this.ctx.principal, 'store.inventory.write'));
    const stocktake = this.ctx.em.create(Stocktake, {
      businessAccountId: location.businessAccountId,
      locationId: location.id,
      status: StocktakeStatus.open,
    });
    await this.ctx.em.flush();
    return stocktake;
  }

  /** Records counts of an open stocktake (a product counted again keeps its latest count). */
  async record(id: string, counts: readonly StocktakeCountInput[]): Promise<Stocktake> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.write');
    const v = new Validation();
    v.check(counts.length >= 1 && counts.length <= 500, 'counts', 'must hold 1 to 500 counts');
    counts.forEach((c, i) =>
      v.check(
        Number.isInteger(c.counted) && c.counted >= 0 && c.counted <= MAX_QUANTITY,
        `counts.${i}.counted`,
        `must be an integer from 0 to ${MAX_QUANTITY}`,
      ),
    );
    v.throwIfInvalid();
    return this.ctx.em.transactional(async (tx) => {
      const stocktake = await this.lockedOpen(tx, id, businessAccountId);
      await requireProducts(
        tx,
        stocktake.businessAccountId,
        counts.map((c) => c.productId),
      );
      const lines = lastCountOfEach(counts);
      await tx.execute(
        `insert into "stocktake_line" ("stocktake_id", "product_id", "counted") values ${lines.map(() => '(?, ?, ?)').join(', ')}
         on conflict ("stocktake_id", "product_id") do update set "counted" = excluded."counted"`,
        lines.flatMap((c) => [stocktake.id, c.productId, c.counted]),
        'run',
      );
      return stocktake;
    });
  }

  /** Posts the corrections and marks it applied, in one transaction; applying again is CONFLICT stocktake_applied. */
  async apply(id: string): Promise<Stocktake> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.write');
    const actor = actorOf(this.ctx.principal);
    return this.ctx.em.transactional(async (tx) => {
      const stocktake = await this.lockedOpen(tx, id, businessAccountId);
      const now = new Date();
      await tx.execute(
        `insert into "stock_level" ("product_id", "location_id", "business_account_id", "on_hand", "updated_at")
         select "product_id", ?, ?, 0, ? from "stocktake_line" where "stocktake_id" = ? on conflict do nothing`,
        [stocktake.locationId, stocktake.businessAccountId, now, stocktake.id],
        'run',
      );
      const lines = await tx.execute<{ product_id: string; counted: number; on_hand: number }[]>(LOCK_LEVELS, [
        stocktake.locationId,
        stocktake.id,
      ]);
      const postings = lines
        .filter((line) => line.counted !== line.on_hand)
        .map<MovementPosting>((line) => ({
          productId: line.product_id,
          locationId: stocktake.locationId,
          quantity: line.counted - line.on_hand,
          kind: StockMovementKind.stocktake,
          reason: 'stocktake',
          source: 'stocktake',
          sourceRef: `${stocktake.id}/${line.product_id}`,
          actor,
          occurredAt: now,
        }));
      if (postings.length > 0) await postMovements(tx, stocktake.businessAccountId, postings);
      tx.assign(stocktake, { status: StocktakeStatus.applied, appliedAt: now });
      await tx.flush();
      return stocktake;
    });
  }

  /** Drops an open stocktake; nothing is posted. */
  async cancel(id: string): Promise<Stocktake> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.write');
    return this.ctx.em.transactional(async (tx) => {
      const stocktake = await this.lockedOpen(tx, id, businessAccountId);
      stocktake.status = StocktakeStatus.cancelled;
      await tx.flush();
      return stocktake;
    });
  }

  /** The stocktake, row-locked for the transaction, which must be open. */
  private async lockedOpen(tx: EntityManager, id: string, businessAccountId: string | null): Promise<Stocktake> {
    const stocktake = await this.owned(tx, id, businessAccountId, true);
    if (stocktake.status !== StocktakeStatus.open) throw notOpen(stocktake.status);
    return stocktake;
  }

  private async owned(
    em: EntityManager,
    id: string,
    businessAccountId: string | null,
    lock = false,
  ): Promise<Stocktake> {
    const stocktake = isUuid(id)
      ? await em.findOne(
          Stocktake,
          { id, ...(businessAccountId ? { businessAccountId } : {}) },
          lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
        )
      : null;
    if (!stocktake) throw stocktakeNotFound();
    return stocktake;
  }
}

/** Each product's last count of the call (one row per product for the upsert). */
function lastCountOfEach(counts: readonly StocktakeCountInput[]): StocktakeCountInput[] {
  return [...new Map(counts.map((c) => [c.productId, c])).values()];
}

/** Requires every product to be the business's; NOT_FOUND product_not_found otherwise. */
async function requireProducts(
  em: EntityManager,
  businessAccountId: string,
  productIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(productIds)];
  if (!ids.every(isUuid)) throw productNotFound();
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as "n" from "product" where "business_account_id" = ? and "id" in (${ids.map(() => '?').join(', ')})`,
    [businessAccountId, ...ids],
  );
  if (row!.n !== ids.length) throw productNotFound();
}
