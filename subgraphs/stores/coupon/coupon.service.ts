import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { queueCouponPublished } from './coupon-events.js';
import { Coupon, CouponStatus, CouponStore } from './coupon.entity.js';
import type { CouponFieldsInput, CreateCouponInput, UpdateCouponInput } from './coupon.input.js';
import { checkCouponDraft, checkStoreIds, type CouponDraft } from './coupon-validation.js';

/** How many coupons a management list shows at most: the newest 200. */
export const BUSINESS_COUPON_CAP = 200;

/** Who manages: a business (its own coupons and stores only) or the operator (null: any). */
interface Manager {
  readonly businessAccountId: string | null;
}

const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const couponNotFound = () => new NotFoundError('No coupon of this business has this id.', 'coupon_not_found');

/** `value` when the input has the field, else `current` (absent means unchanged, null clears). */
const given = <T>(input: object, field: string, value: T, current: T): T =>
  (input as Record<string, unknown>)[field] !== undefined ? value : current;

/** The newest coupons, of one business and of one store when asked. */
const LIST_SQL = (ofBusiness: boolean, ofStore: boolean) => `select c.* from "coupon" c
  where ${ofBusiness ? 'c."business_account_id" = ?' : 'true'}
  and ${ofStore ? 'exists (select 1 from "coupon_store" cs where cs."coupon_id" = c."id" and cs."store_id" = ?)' : 'true'}
  order by c."created_at" desc, c."id" desc
  limit ?`;

/**
 * Coupon management for a business (store.coupons.read / .write) and the operator. A business acts
 * only on its own coupons and stores: anything else is answered as not found, never revealed.
 */
export class CouponService {
  constructor(private readonly ctx: BaseContext) {}

  private manager(scope: 'store.coupons.read' | 'store.coupons.write'): Manager {
    if (this.ctx.principal.kind === 'operator') return { businessAccountId: null };
    return { businessAccountId: requireBusinessScope(this.ctx.principal, scope).businessAccountId };
  }

  /** The newest coupons of the caller's business (the operator: of all), optionally of one store. */
  async list(storeId: string | null | undefined): Promise<Coupon[]> {
    const { businessAccountId } = this.manager('store.coupons.read');
    if (storeId !== null && storeId !== undefined) await this.ownedStores([storeId], businessAccountId);
    const params: unknown[] = [
      ...(businessAccountId ? [businessAccountId] : []),
      ...(storeId ? [storeId] : []),
      BUSINESS_COUPON_CAP,
    ];
    const rows = await this.ctx.em.execute<Record<string, unknown>[]>(
      LIST_SQL(businessAccountId !== null, !!storeId),
      params,
    );
    return rows.map((row) => this.ctx.em.map(Coupon, row));
  }

  /** One coupon of the caller's business; NOT_FOUND coupon_not_found otherwise. */
  async get(id: string): Promise<Coupon> {
    return this.owned(id, this.manager('store.coupons.read'));
  }

  /** Creates a coupon for stores of one business (the caller's): a draft, or published when asked. */
  async create(input: CreateCouponInput): Promise<Coupon> {
    const manager = this.manager('store.coupons.write');
    const v = new Validation();
    const storeIds = checkStoreIds(v, input.storeIds);
    checkCouponDraft(v, draftOf(input, null, input.title));
    v.throwIfInvalid();
    const businessAccountId = await this.ownedStores(storeIds, manager.businessAccountId);
    const fields = draftFields(draftOf(input, null, input.title));
    // The coupon row first, then its links (the unit of work does not order tables it has no relation for).
    return this.ctx.em.transactional(async (tx) => {
      const coupon = tx.create(Coupon, { businessAccountId, status: CouponStatus.draft, ...fields });
      if (input.publish) markPublished(tx, coupon, storeIds);
      await tx.flush();
      await linkStores(tx, coupon.id, storeIds);
      return coupon;
    });
  }

  /** Changes a draft or published coupon; an archived one is CONFLICT coupon_archived. */
  async update(input: UpdateCouponInput): Promise<Coupon> {
    const manager = this.manager('store.coupons.write');
    return this.ctx.em.transactional(async (tx) => {
      const coupon = await this.owned(input.id, manager, tx);
      if (coupon.status === CouponStatus.archived)
        throw new ConflictError('The coupon is archived.', 'coupon_archived');
      const v = new Validation();
      const storeIds = input.storeIds ? checkStoreIds(v, input.storeIds) : null;
      v.check(input.title !== null, 'title', 'must not be null');
      const draft = draftOf(input, coupon, input.title ?? coupon.title);
      checkCouponDraft(v, draft);
      v.throwIfInvalid();
      if (storeIds) {
        // In the transaction's EntityManager: the embedded database has one connection (PGlite).
        const owner = await this.ownedStores(storeIds, manager.businessAccountId, tx);
        if (owner !== coupon.businessAccountId) throw storeNotFound();
        await tx.execute('delete from "coupon_store" where "coupon_id" = ?', [coupon.id], 'run');
        await linkStores(tx, coupon.id, storeIds);
      }
      tx.assign(coupon, draftFields(draft));
      await tx.flush();
      return coupon;
    });
  }

  /**
   * draft -> published, writing `coupon.published` to the outbox in the same transaction. Publishing a
   * published coupon changes nothing (no second event); an archived one is CONFLICT coupon_archived.
   */
  async publish(id: string): Promise<Coupon> {
    const coupon = await this.owned(id, this.manager('store.coupons.write'));
    if (coupon.status === CouponStatus.archived) throw new ConflictError('The coupon is archived.', 'coupon_archived');
    if (coupon.status === CouponStatus.published) return coupon;
    const links = await this.ctx.em.find(CouponStore, { couponId: coupon.id }, { orderBy: { storeId: 'asc' } });
    markPublished(
      this.ctx.em,
      coupon,
      links.map((l) => l.storeId),
    );
    await this.ctx.em.flush();
    return coupon;
  }

  /** Withdraws the coupon for good (idempotent); consumers no longer see it. */
  async archive(id: string): Promise<Coupon> {
    const coupon = await this.owned(id, this.manager('store.coupons.write'));
    coupon.status = CouponStatus.archived;
    await this.ctx.em.flush();
    return coupon;
  }

  private async owned(id: string, { businessAccountId }: Manager, em: EntityManager = this.ctx.em): Promise<Coupon> {
    const coupon = isUuid(id)
      ? await em.findOne(Coupon, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!coupon) throw couponNotFound();
    return coupon;
  }

  /**
   * The business that owns every one of `storeIds`. A business caller must own each (else
   * store_not_found); the operator may name any existing stores, all of one business.
   */
  private async ownedStores(
    storeIds: readonly string[],
    businessAccountId: string | null,
    em: EntityManager = this.ctx.em,
  ): Promise<string> {
    if (!storeIds.every(isUuid)) throw storeNotFound();
    const rows = await em.execute<{ id: string; business_account_id: string }[]>(
      `select "id", "business_account_id" from "store" where "id" in (${storeIds.map(() => '?').join(', ')})`,
      [...storeIds],
    );
    const owners = new Set(rows.map((r) => r.business_account_id));
    const visible = businessAccountId ? rows.filter((r) => r.business_account_id === businessAccountId) : rows;
    if (visible.length !== storeIds.length) throw storeNotFound();
    if (owners.size !== 1) {
      throw new BadUserInputError(
        'A coupon targets stores of one business.',
        [{ path: 'storeIds', message: 'must all belong to one business' }],
        'stores_of_several_businesses',
      );
    }
    return rows[0]!.business_account_id;
  }
}

/** The coupon's fields after the input: new values where given, else `current`'s (or the defaults). */
function draftOf(input: CouponFieldsInput, current: Coupon | null, title: string): CouponDraft {
  const trim = (text: string | null | undefined) => text?.trim() ?? '';
  const keep = <T>(field: keyof CouponFieldsInput, value: T, old: T): T => given(input, field, value, old);
  return {
    title: title.trim(),
    description: keep('description', trim(input.description), current?.description ?? ''),
    terms: keep('terms', trim(input.terms), current?.terms ?? ''),
    benefit: keep('benefit', trim(input.benefit) || null, current?.benefit ?? null),
    discount: keep('discount', input.discount ? { ...input.discount } : null, current?.discount ?? null),
    imageUrl: keep('imageUrl', input.imageUrl?.trim() || null, current?.imageUrl ?? null),
    validFrom: keep('validFrom', input.validFrom ?? null, current?.validFrom ?? null),
    validTo: keep('validTo', input.validTo ?? null, current?.validTo ?? null),
    limitPerUser: keep('limitPerUser', input.limitPerUser ?? null, current?.limitPerUser ?? null),
    totalLimit: keep('totalLimit', input.totalLimit ?? null, current?.totalLimit ?? null),
  };
}

/** Publishes in `em`'s unit of work: the status change and its outbox event flush together. */
function markPublished(em: EntityManager, coupon: Coupon, storeIds: readonly string[]): void {
  coupon.status = CouponStatus.published;
  coupon.publishedAt = new Date();
  queueCouponPublished(em, coupon, [...storeIds].sort());
}

/** Links the coupon to its stores (after the coupon row exists). */
async function linkStores(em: EntityManager, couponId: string, storeIds: readonly string[]): Promise<void> {
  const values = storeIds.map(() => '(?, ?)').join(', ');
  await em.execute(
    `insert into "coupon_store" ("coupon_id", "store_id") values ${values}`,
    storeIds.flatMap((storeId) => [couponId, storeId]),
    'run',
  );
}

/** The entity columns of a draft. */
function draftFields(draft: CouponDraft) {
  const { discount, ...rest } = draft;
  return { ...rest, discountKind: discount?.kind ?? null, discountValue: discount?.value ?? null };
}
