import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import { Validation } from '../../kernel/errors.js';
import { managerOf, productNotFound } from '../product/product.service.js';
import { Conditions } from './conditions.js';
import type {
  AdjustStockInput,
  ReceiveStockInput,
  StockLevelsArgs,
  StockMovementsArgs,
  TransferStockInput,
} from './inventory.input.js';
import { actorOf, postMovements, type MovementPosting } from './stock-ledger.js';
import { StockLevel } from './stock-level.entity.js';
import { requireStore } from './stock-location.service.js';
import { StockMovement, StockMovementKind } from './stock-movement.entity.js';

/** The largest quantity one movement may carry either way. */
export const MAX_QUANTITY = 1_000_000;

/**
 * Stock levels and the ledger (store.inventory.read / .write) for a business and the operator:
 * adjustments, receipts of goods and transfers are posted through {@link postMovements}, each in
 * one transaction. A business acts only on its own products and locations (else not found).
 */
export class StockService {
  constructor(private readonly ctx: BaseContext) {}

  /** Refuses a caller who may not read stock (the check of `Product.stock`, which has no rule of its own). */
  requireRead(): void {
    managerOf(this.ctx.principal, 'store.inventory.read');
  }

  /** A page of the caller's levels by product and location, filtered. */
  async levels(args: StockLevelsArgs): Promise<Connection<StockLevel>> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.read');
    const v = new Validation();
    const page = pageArgs(args, ['string', 'string'], v);
    checkIds(v, args);
    v.throwIfInvalid();
    if (args.storeId) await requireStore(this.ctx.em, args.storeId, businessAccountId);
    const where = new Conditions()
      .add(businessAccountId !== null, 'l."business_account_id" = ?', businessAccountId)
      .add(!!args.productId, 'l."product_id" = ?', args.productId)
      .add(!!args.locationId, 'l."location_id" = ?', args.locationId)
      .add(!!args.storeId, 'sl."store_id" = ?', args.storeId)
      .add(typeof args.belowOrAt === 'number', 'l."on_hand" <= ?', args.belowOrAt)
      .add(page.after !== null, '(l."product_id", l."location_id") > (?, ?)', ...(page.after ?? []));
    const join = args.storeId ? 'join "stock_location" sl on sl."id" = l."location_id"' : '';
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select l.* from "stock_level" l ${join} where ${where.sql} order by l."product_id", l."location_id" limit ?`,
      [...where.params, page.first + 1],
    );
    const levels = rows.map((row) => this.ctx.em.map(StockLevel, row));
    return connectionOf(levels, page.first, (l) => [l.productId, l.locationId], page.after !== null);
  }

  /** A page of the caller's ledger, newest first, filtered. */
  async movements(args: StockMovementsArgs): Promise<Connection<StockMovement>> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.read');
    const v = new Validation();
    const page = pageArgs(args, ['string'], v);
    checkIds(v, args);
    v.throwIfInvalid();
    const where = new Conditions()
      .add(businessAccountId !== null, '"business_account_id" = ?', businessAccountId)
      .add(!!args.productId, '"product_id" = ?', args.productId)
      .add(!!args.locationId, '"location_id" = ?', args.locationId)
      .add(!!args.kind, '"kind" = ?', args.kind)
      .add(page.after !== null, '"id" < ?', ...(page.after ?? []));
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "stock_movement" where ${where.sql} order by "id" desc limit ?`,
      [...where.params, page.first + 1],
    );
    const movements = rows.map((row) => this.ctx.em.map(StockMovement, row));
    return connectionOf(movements, page.first, (m) => [m.id], page.after !== null);
  }

  /** A correction of one level with its reason (CONFLICT insufficient_stock below zero without backorder). */
  async adjust(input: AdjustStockInput): Promise<StockMovement> {
    const v = new Validation();
    v.check(isQuantity(Math.abs(input.delta)), 'delta', `must be a non-zero integer within ±${MAX_QUANTITY}`);
    const reason = input.reason.trim();
    v.check(reason.length >= 1 && reason.length <= 500, 'reason', 'must be 1 to 500 characters');
    checkReference(v, input.reference);
    const [movement] = await this.post(input.productId, v, (actor) => [
      {
        productId: input.productId,
        locationId: input.locationId,
        quantity: input.delta,
        kind: StockMovementKind.adjustment,
        reason,
        source: 'api.adjust',
        sourceRef: input.reference ?? null,
        actor,
      },
    ]);
    return movement!;
  }

  /** Goods received at a location. */
  async receive(input: ReceiveStockInput): Promise<StockMovement> {
    const v = new Validation();
    v.check(isQuantity(input.quantity), 'quantity', `must be an integer from 1 to ${MAX_QUANTITY}`);
    const reason = checkNote(v, input.reason);
    checkReference(v, input.reference);
    const [movement] = await this.post(input.productId, v, (actor) => [
      {
        productId: input.productId,
        locationId: input.locationId,
        quantity: input.quantity,
        kind: StockMovementKind.receipt,
        reason,
        source: 'api.receive',
        sourceRef: input.reference ?? null,
        actor,
      },
    ]);
    return movement!;
  }

  /** Both legs of a transfer in one transaction: out of one location, into another, or neither. */
  async transfer(input: TransferStockInput): Promise<StockMovement[]> {
    const v = new Validation();
    v.check(isQuantity(input.quantity), 'quantity', `must be an integer from 1 to ${MAX_QUANTITY}`);
    v.check(input.toLocationId !== input.fromLocationId, 'toLocationId', 'must differ from fromLocationId');
    const reason = checkNote(v, input.reason);
    const transferId = uuidv7();
    const leg = (locationId: string, quantity: number, kind: StockMovementKind, actor: string): MovementPosting => ({
      productId: input.productId,
      locationId,
      quantity,
      kind,
      reason,
      transferId,
      source: 'api.transfer',
      actor,
    });
    return this.post(input.productId, v, (actor) => [
      leg(input.fromLocationId, -input.quantity, StockMovementKind.transfer_out, actor),
      leg(input.toLocationId, input.quantity, StockMovementKind.transfer_in, actor),
    ]);
  }

  /** Checks write access and `v`, then posts in one transaction for the product's business. */
  private async post(
    productId: string,
    v: Validation,
    postings: (actor: string) => MovementPosting[],
  ): Promise<StockMovement[]> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.write');
    v.throwIfInvalid();
    const business = businessAccountId ?? (await this.businessOfProduct(productId));
    const actor = actorOf(this.ctx.principal);
    return this.ctx.em.transactional((tx) => postMovements(tx, business, postings(actor)));
  }

  /** For the operator: the business of a product. */
  private async businessOfProduct(productId: string): Promise<string> {
    const [row] = isUuid(productId)
      ? await this.ctx.em.execute<{ business_account_id: string }[]>(
          'select "business_account_id" from "product" where "id" = ?',
          [productId],
        )
      : [];
    if (!row) throw productNotFound();
    return row.business_account_id;
  }
}

const isQuantity = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY;

function checkNote(v: Validation, note: string | null | undefined): string | null {
  const trimmed = note?.trim() || null;
  v.check((trimmed ?? '').length <= 500, 'reason', 'must be at most 500 characters');
  return trimmed;
}

function checkReference(v: Validation, reference: string | null | undefined): void {
  v.check(
    reference === null || reference === undefined || (reference.length >= 1 && reference.length <= 200),
    'reference',
    'must be 1 to 200 characters',
  );
}

/** Filters by id must be ids (a malformed one is a field error, not a database error). */
function checkIds(v: Validation, args: { productId?: string | null; locationId?: string | null }): void {
  v.check(!args.productId || isUuid(args.productId), 'productId', 'must be a product id (UUID)');
  v.check(!args.locationId || isUuid(args.locationId), 'locationId', 'must be a location id (UUID)');
}
