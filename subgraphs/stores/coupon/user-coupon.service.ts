import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError } from '../../kernel/errors.js';
import { targetingFilter } from '../../kernel/segments/targeting.js';
import { recordContentView, viewerOf } from '../content-view/record-content-view.js';
import { PUBLIC_STORE_SQL } from '../favorite/favorite.service.js';
import type { DiscountKind } from './coupon.entity.js';
import type { UserCouponItem } from './coupon.types.js';

/** How many (store, coupon) items the consumer's list shows at most. */
export const USER_COUPON_CAP = 200;

interface Row {
  readonly store_id: string;
  readonly coupon_id: string;
  readonly title: string;
  readonly description: string;
  readonly terms: string;
  readonly benefit: string | null;
  readonly discount_kind: DiscountKind | null;
  readonly discount_value: number | null;
  readonly image_url: string | null;
  readonly valid_from: Date | string | null;
  readonly valid_to: Date | string | null;
}

/**
 * Published coupons valid now (validFrom <= now < validTo, open ends allowed; now is the database's
 * clock) of the user's favorite public stores, one row per (store, coupon): soonest to end first
 * (open-ended last), then by coupon and store id. A coupon that segments target shows only to their
 * members (`targeting`, kernel/segments/targeting.ts).
 */
const VISIBLE_SQL = (
  one: boolean,
  targeting: string,
) => `select cs."store_id", c."id" as "coupon_id", c."title", c."description", c."terms",
    c."benefit", c."discount_kind", c."discount_value", c."image_url", c."valid_from", c."valid_to"
  from "favorite_store" f
  join "store" s on s."id" = f."store_id"
  join "coupon_store" cs on cs."store_id" = f."store_id"
  join "coupon" c on c."id" = cs."coupon_id"
  where f."user_id" = ? and ${PUBLIC_STORE_SQL}
    and c."status" = 'published'
    and (c."valid_from" is null or c."valid_from" <= now())
    and (c."valid_to" is null or now() < c."valid_to")
    ${one ? 'and cs."store_id" = ? and cs."coupon_id" = ?' : ''}
    and ${targeting}
  order by c."valid_to" asc nulls last, c."id", cs."store_id"
  limit ?`;

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function itemOf(row: Row): UserCouponItem {
  return {
    storeId: row.store_id,
    couponId: row.coupon_id,
    title: row.title,
    description: row.description,
    terms: row.terms,
    benefit: row.benefit,
    discount:
      row.discount_kind && row.discount_value !== null ? { kind: row.discount_kind, value: row.discount_value } : null,
    imageUrl: row.image_url,
    validFrom: date(row.valid_from),
    validTo: date(row.valid_to),
  };
}

/** The consumer's side of coupons. Methods act for `userId`, authenticated with user.coupons.read. */
export class UserCouponService {
  constructor(private readonly ctx: BaseContext) {}

  /** Every coupon the user may use now, at most {@link USER_COUPON_CAP}. */
  async list(userId: string): Promise<UserCouponItem[]> {
    const targeting = await targetingFilter(this.ctx.em, 'coupon', 'c."id"', userId);
    const rows = await this.ctx.em.execute<Row[]>(VISIBLE_SQL(false, targeting.sql), [
      userId,
      ...targeting.params,
      USER_COUPON_CAP,
    ]);
    return rows.map(itemOf);
  }

  /**
   * One of them; NOT_FOUND coupon_not_found for anything the list would not show. An answer counts as
   * one view of the coupon at that store (content-view/record-content-view.ts).
   */
  async one(userId: string, storeId: string, couponId: string): Promise<UserCouponItem> {
    const targeting =
      isUuid(storeId) && isUuid(couponId) ? await targetingFilter(this.ctx.em, 'coupon', 'c."id"', userId) : null;
    const rows = targeting
      ? await this.ctx.em.execute<Row[]>(VISIBLE_SQL(true, targeting.sql), [
          userId,
          storeId,
          couponId,
          ...targeting.params,
          1,
        ])
      : [];
    if (!rows[0]) throw new NotFoundError('No coupon of a favorite store has these ids.', 'coupon_not_found');
    const viewer = viewerOf(this.ctx);
    await recordContentView(this.ctx.em, { kind: 'coupon', contentId: couponId, storeId, at: new Date(), viewer });
    return itemOf(rows[0]);
  }
}
