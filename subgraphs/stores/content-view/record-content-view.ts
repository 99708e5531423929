/**
 * Counting views of consumer content (coupons, posts, flyers) for the analytics snapshots.
 *
 * What counts as a view: one successful answer of a consumer-facing single-item read, the moment a
 * consumer opens one coupon, post or flyer: `myCoupon` (and its REST path
 * `GET /api/v1/user/coupons/{storeId}/{couponId}`), `publicAppPost`, and the consumer flyer read.
 * Lists (`myCoupons`, `publicAppPosts`) are not views, nor are a business's management reads, nor
 * reads answered NOT_FOUND. Each answer counts once; views are not people (nobody is recorded, and
 * one person opening a coupon twice is two views), so view figures are not subject to MIN_GROUP_SIZE.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { tokyoDay } from '../analytics/tokyo-day.js';
import type { ContentKind } from './content-view.entity.js';

export type { ContentKind } from './content-view.entity.js';

/** One view to count. */
export interface ContentView {
  readonly kind: ContentKind;
  /** The coupon, post or flyer id. */
  readonly contentId: string;
  /** The store the view is counted for. */
  readonly storeId: string;
  /** When it was viewed; its Asia/Tokyo date is the day counted. */
  readonly at: Date;
}

/**
 * Insert-or-increment in one statement: PostgreSQL's ON CONFLICT takes the row lock of an existing
 * row and re-reads it, so concurrent views of the same content and day each add one (no lost update,
 * no unique violation between two first views).
 */
const UPSERT = `insert into "content_view_day" ("content_kind", "content_id", "store_id", "day", "views")
  values (?, ?, ?, ?::date, 1)
  on conflict ("content_kind", "content_id", "store_id", "day")
  do update set "views" = "content_view_day"."views" + 1`;

/** Counts one view of `view.contentId` at `view.storeId` on the Tokyo day of `view.at`. */
export async function recordContentView(em: EntityManager, view: ContentView): Promise<void> {
  await em.execute(UPSERT, [view.kind, view.contentId, view.storeId, tokyoDay(view.at)], 'run');
}
