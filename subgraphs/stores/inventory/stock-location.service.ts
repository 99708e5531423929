import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { managedBusiness } from '../ownership.js';
import { managerOf, storeNotFound } from '../product/product.service.js';
import { Conditions } from './conditions.js';
import type { CreateStockLocationInput, StockLocationsArgs, UpdateStockLocationInput } from './inventory.input.js';
import { StockLocation } from './stock-location.entity.js';

export const locationNotFound = () =>
  new NotFoundError('No stock location of this business has this id.', 'location_not_found');

/**
 * The stock locations of a business (store.inventory.read / .write) and of the operator. A business
 * acts only on its own locations and stores: anything else is answered as not found.
 */
export class StockLocationService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the caller's locations by name, of one store when asked. */
  async list(args: StockLocationsArgs): Promise<Connection<StockLocation>> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.inventory.read');
    const v = new Validation();
    const page = pageArgs(args, ['string', 'string'], v);
    v.throwIfInvalid();
    if (args.storeId != null) await requireStore(this.ctx.em, args.storeId, businessAccountId);
    const where = new Conditions()
      .add(businessAccountId !== null, '"business_account_id" = ?', businessAccountId)
      .add(!!args.storeId, '"store_id" = ?', args.storeId)
      .add(page.after !== null, '("name", "id") > (?, ?)', ...(page.after ?? []));
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "stock_location" where ${where.sql} order by "name", "id" limit ?`,
      [...where.params, page.first + 1],
    );
    const locations = rows.map((row) => this.ctx.em.map(StockLocation, row));
    return connectionOf(locations, page.first, (l) => [l.name, l.id], page.after !== null);
  }

  /** Creates a location of the caller's business (the operator names the business). */
  async create(input: CreateStockLocationInput): Promise<StockLocation> {
    managerOf(this.ctx.principal, 'store.inventory.write');
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const name = checkName(input.name);
    if (input.storeId != null) await requireStore(this.ctx.em, input.storeId, businessAccountId);
    const location = this.ctx.em.create(StockLocation, {
      businessAccountId,
      name,
      kind: input.kind,
      storeId: input.storeId ?? null,
    });
    await this.save();
    return location;
  }

  /** Changes the fields given of one of the caller's locations. */
  async update(input: UpdateStockLocationInput): Promise<StockLocation> {
    const location = await this.owned(input.id, managerOf(this.ctx.principal, 'store.inventory.write'));
    const v = new Validation();
    v.check(input.name !== null, 'name', 'must not be null').check(input.kind !== null, 'kind', 'must not be null');
    v.throwIfInvalid();
    if (input.name !== undefined) location.name = checkName(input.name!);
    if (input.kind) location.kind = input.kind;
    if (input.storeId != null) await requireStore(this.ctx.em, input.storeId, location.businessAccountId);
    if (input.storeId !== undefined) location.storeId = input.storeId;
    await this.save();
    return location;
  }

  /** One of the caller's locations (any, for the operator); NOT_FOUND location_not_found otherwise. */
  async owned(id: string, businessAccountId: string | null): Promise<StockLocation> {
    const location = isUuid(id)
      ? await this.ctx.em.findOne(StockLocation, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!location) throw locationNotFound();
    return location;
  }

  private async save(): Promise<void> {
    try {
      await this.ctx.em.flush();
    } catch (error) {
      // The operator named a business account that does not exist (a business token's own always does).
      if (error instanceof ForeignKeyConstraintViolationException) {
        this.ctx.em.clear();
        throw new NotFoundError('No business account has this id.', 'business_not_found');
      }
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.ctx.em.clear();
      throw new ConflictError('Another stock location of this business has this name.', 'location_name_taken');
    }
  }
}

function checkName(name: string): string {
  const trimmed = name.trim();
  new Validation()
    .check(trimmed.length >= 1 && trimmed.length <= 100, 'name', 'must be 1 to 100 characters')
    .throwIfInvalid();
  return trimmed;
}

/** Requires `storeId` to be a store of `businessAccountId` (any store, for null); else store_not_found. */
export async function requireStore(
  em: EntityManager,
  storeId: string,
  businessAccountId: string | null,
): Promise<void> {
  const [row] = isUuid(storeId)
    ? await em.execute<{ business_account_id: string }[]>('select "business_account_id" from "store" where "id" = ?', [
        storeId,
      ])
    : [];
  if (!row || (businessAccountId && row.business_account_id !== businessAccountId)) throw storeNotFound();
}
