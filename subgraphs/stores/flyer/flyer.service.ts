import { LockMode } from '@mikro-orm/core';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { managedBusiness } from '../ownership.js';
import { queueFlyerPublished } from './flyer-events.js';
import { Flyer, FlyerItem, FlyerPage, FlyerStatus } from './flyer.entity.js';
import type { CreateFlyerInput, FlyersArgs, UpdateFlyerInput } from './flyer.input.js';
import type { FlyerConnection } from './flyer.types.js';
import { checkFlyerDraft, checkItems, checkPages, type ItemRow, type PageRow } from './flyer.validation.js';

type Scope = 'store.flyers.read' | 'store.flyers.write';

const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const flyerNotFound = () => new NotFoundError('No flyer of this business has this id.', 'flyer_not_found');
const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');
const notEditable = () => new ConflictError('Only a draft or scheduled flyer can change.', 'flyer_not_editable');

/** Newest first; the keyset of the list's cursor is (created_at, id). */
const LIST_ORDER = 'order by "created_at" desc, "id" desc';

/** draft|scheduled -> published in one statement: only the call that changed the row gets the event. */
const PUBLISH = `update "flyer" set "status" = 'published', "published_at" = ?, "updated_at" = ?
  where "id" = ? and "status" in ('draft', 'scheduled') returning "id"`;

/**
 * Flyer management for a business (store.flyers.read / .write) and the operator. A business acts only
 * on its own flyers, stores and products: anything else is answered as not found, never revealed.
 */
export class FlyerService {
  constructor(private readonly ctx: BaseContext) {}

  /** The caller's business (null: the operator, any business), after the scope check. */
  private manager(scope: Scope): string | null {
    if (this.ctx.principal.kind === 'operator') return null;
    return requireBusinessScope(this.ctx.principal, scope).businessAccountId;
  }

  /** A page of the caller's flyers (the operator: of all), newest first, optionally of a store or status. */
  async list(args: FlyersArgs): Promise<FlyerConnection> {
    const businessAccountId = this.manager('store.flyers.read');
    const v = new Validation();
    const { first, after } = pageArgs(args, ['date', 'string'], v);
    v.throwIfInvalid();
    if (args.storeId) await this.storeOwner(args.storeId, businessAccountId);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => (where.push(sql), params.push(...values));
    if (businessAccountId) add('"business_account_id" = ?', businessAccountId);
    if (args.storeId) add('"store_id" = ?', args.storeId);
    if (args.status) add('"status" = ?', args.status);
    if (after) add('("created_at", "id") < (?, ?)', ...after);
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      `select * from "flyer" where ${where.join(' and ') || 'true'} ${LIST_ORDER} limit ?`,
      [...params, first + 1],
    );
    const flyers = rows.map((row) => this.ctx.em.map(Flyer, row));
    return connectionOf(flyers, first, (f) => [f.createdAt, f.id], after !== null);
  }

  /** One flyer of the caller's business; NOT_FOUND flyer_not_found otherwise. */
  get(id: string): Promise<Flyer> {
    return this.owned(this.ctx.em, id, this.manager('store.flyers.read'));
  }

  /** A new draft flyer for a store of the business, with its pages and items. */
  async create(input: CreateFlyerInput): Promise<Flyer> {
    const caller = this.manager('store.flyers.write');
    const businessAccountId = caller ?? managedBusiness(this.ctx.principal, input.businessAccountId);
    const v = new Validation();
    const draft = {
      title: input.title.trim(),
      description: input.description?.trim() ?? '',
      validFrom: input.validFrom,
      validTo: input.validTo,
    };
    checkFlyerDraft(v, draft);
    const pages = checkPages(v, input.pages ?? []);
    const items = checkItems(v, input.items ?? []);
    v.throwIfInvalid();
    if ((await this.storeOwner(input.storeId, businessAccountId)) !== businessAccountId) throw storeNotFound();
    return this.ctx.em.transactional(async (tx) => {
      const currencies = await productCurrencies(tx, businessAccountId, items);
      const flyer = tx.create(Flyer, {
        businessAccountId,
        storeId: input.storeId,
        status: FlyerStatus.draft,
        ...draft,
      });
      await tx.flush();
      await replaceParts(tx, flyer.id, pages, items, currencies);
      return flyer;
    });
  }

  /** Changes a draft or scheduled flyer (else CONFLICT flyer_not_editable); pages or items given replace all. */
  async update(input: UpdateFlyerInput): Promise<Flyer> {
    const businessAccountId = this.manager('store.flyers.write');
    return this.ctx.em.transactional(async (tx) => {
      const flyer = await this.owned(tx, input.id, businessAccountId, true);
      if (flyer.status !== FlyerStatus.draft && flyer.status !== FlyerStatus.scheduled) throw notEditable();
      const v = new Validation();
      v.check(input.title !== null, 'title', 'must not be null');
      const draft = {
        title: input.title?.trim() ?? flyer.title,
        description: input.description != null ? input.description.trim() : flyer.description,
        validFrom: input.validFrom ?? flyer.validFrom,
        validTo: input.validTo ?? flyer.validTo,
      };
      checkFlyerDraft(v, draft);
      const pages = input.pages ? checkPages(v, input.pages) : null;
      const items = input.items ? checkItems(v, input.items) : null;
      v.throwIfInvalid();
      const currencies = items ? await productCurrencies(tx, flyer.businessAccountId, items) : null;
      tx.assign(flyer, draft);
      await tx.flush();
      await replaceParts(tx, flyer.id, pages, items, currencies);
      return flyer;
    });
  }

  /**
   * draft|scheduled -> published, writing `flyer.published` in the same transaction. Publishing a
   * published flyer changes nothing (no second event); an archived one is CONFLICT flyer_archived.
   */
  async publish(id: string): Promise<Flyer> {
    const flyer = await this.owned(this.ctx.em, id, this.manager('store.flyers.write'));
    const now = new Date();
    await this.ctx.em.transactional(async (tx) => {
      const rows = await tx.execute<{ id: string }[]>(PUBLISH, [now, now, flyer.id]);
      if (rows.length === 1) queueFlyerPublished(tx, flyer);
      await tx.flush();
    });
    await this.ctx.em.refresh(flyer);
    if (flyer.status === FlyerStatus.archived) throw new ConflictError('The flyer is archived.', 'flyer_archived');
    return flyer;
  }

  /** Schedules a draft or scheduled flyer for a future instant; the job publishes it then. */
  async schedule(id: string, publishAt: Date): Promise<Flyer> {
    const flyer = await this.owned(this.ctx.em, id, this.manager('store.flyers.write'));
    const now = new Date();
    new Validation().check(publishAt > now, 'publishAt', 'must be in the future').throwIfInvalid();
    const changed = await this.ctx.em.execute<{ id: string }[]>(
      `update "flyer" set "status" = 'scheduled', "publish_at" = ?, "updated_at" = ?
        where "id" = ? and "status" in ('draft', 'scheduled') returning "id"`,
      [publishAt, now, flyer.id],
    );
    if (changed.length !== 1) throw notEditable();
    await this.ctx.em.refresh(flyer);
    return flyer;
  }

  /** Withdraws the flyer for good (idempotent). */
  async archive(id: string): Promise<Flyer> {
    const flyer = await this.owned(this.ctx.em, id, this.manager('store.flyers.write'));
    if (flyer.status === FlyerStatus.archived) return flyer;
    await this.ctx.em.execute(
      `update "flyer" set "status" = 'archived', "updated_at" = ? where "id" = ?`,
      [new Date(), flyer.id],
      'run',
    );
    await this.ctx.em.refresh(flyer);
    return flyer;
  }

  private async owned(em: EntityManager, id: string, businessAccountId: string | null, lock = false) {
    const flyer = isUuid(id)
      ? await em.findOne(
          Flyer,
          { id, ...(businessAccountId ? { businessAccountId } : {}) },
          lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
        )
      : null;
    if (!flyer) throw flyerNotFound();
    return flyer;
  }

  /** The business of a store the caller may manage (a business: only its own); else store_not_found. */
  private async storeOwner(storeId: string, businessAccountId: string | null): Promise<string> {
    if (!isUuid(storeId)) throw storeNotFound();
    const rows = await this.ctx.em.execute<{ business_account_id: string }[]>(
      'select "business_account_id" from "store" where "id" = ?',
      [storeId],
    );
    const owner = rows[0]?.business_account_id;
    if (!owner || (businessAccountId && owner !== businessAccountId)) throw storeNotFound();
    return owner;
  }
}

/** The currency of each item's product, all of `businessAccountId` (else product_not_found). */
async function productCurrencies(
  em: EntityManager,
  businessAccountId: string,
  items: readonly ItemRow[],
): Promise<Map<string, string>> {
  const ids = [...new Set(items.map((i) => i.productId))];
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ id: string; currency: string }[]>(
    `select "id", "currency" from "product" where "business_account_id" = ? and "id" in (${ids.map(() => '?').join(', ')})`,
    [businessAccountId, ...ids],
  );
  if (rows.length !== ids.length) throw productNotFound();
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/** Replaces the pages and items given (null: kept) of a flyer whose row exists. */
async function replaceParts(
  em: EntityManager,
  flyerId: string,
  pages: readonly PageRow[] | null,
  items: readonly ItemRow[] | null,
  currencies: Map<string, string> | null,
): Promise<void> {
  if (pages) {
    await em.nativeDelete(FlyerPage, { flyerId });
    for (const page of pages) em.create(FlyerPage, { flyerId, ...page });
  }
  if (items && currencies) {
    await em.nativeDelete(FlyerItem, { flyerId });
    for (const item of items) em.create(FlyerItem, { flyerId, ...item, currency: currencies.get(item.productId)! });
  }
  await em.flush();
}
