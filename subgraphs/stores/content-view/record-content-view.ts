/**
 * Counting views of consumer content (coupons, posts, flyers) for the analytics snapshots.
 *
 * What counts as a view: one successful answer of a consumer-facing single-item read, the moment a
 * consumer opens one coupon, post or flyer: `myCoupon` (and its REST path
 * `GET /api/v1/user/coupons/{storeId}/{couponId}`), `publicAppPost`, and the consumer flyer read.
 * Lists (`myCoupons`, `publicAppPosts`) are not views, nor are a business's management reads, nor
 * reads answered NOT_FOUND. A view counts once per viewer, item and Asia/Tokyo day: the viewer is the
 * signed-in user, else the anonymous client's address and user agent, so replaying a read inflates
 * nothing. Only a keyed digest of the viewer is kept ({@link viewerOf}; never the address), for the
 * day it counts, and the counters hold no person. Summed over a store's items a day's views are
 * still not people (one person opening two coupons is two views), so view figures are not subject
 * to MIN_GROUP_SIZE.
 */
import type { BaseContext } from '../../kernel/context.js';
import { keyedDigest } from '../../kernel/auth/secrets-key.js';
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
  /** Who viewed it: {@link viewerOf} the request. */
  readonly viewer: string;
}

/**
 * The viewer of a request as a keyed digest (HMAC under the secrets key): the signed-in user, else
 * the client's address and user agent. Nobody without the key can tell whose digest it is.
 */
export function viewerOf(ctx: Pick<BaseContext, 'principal' | 'clientIp' | 'userAgent' | 'env'>): string {
  const { principal } = ctx;
  const who =
    principal.kind === 'user' ? `user ${principal.userId}` : `client ${ctx.clientIp ?? ''} ${ctx.userAgent ?? ''}`;
  return keyedDigest(ctx.env, 'content viewer', who);
}

/**
 * One statement: the viewer's first view of the content on the day inserts its `content_viewer_day`
 * row, and only then is the day's counter incremented (insert-or-increment: PostgreSQL's ON CONFLICT
 * takes the row lock of an existing row and re-reads it, so concurrent first views of different
 * viewers each add one). A viewer's second view inserts nothing, so it counts nothing; two concurrent
 * first views of one viewer meet on the primary key and only one inserts.
 */
const UPSERT = `with "first_view" as (
    insert into "content_viewer_day" ("content_kind", "content_id", "day", "viewer")
    values (?, ?, ?::date, ?)
    on conflict do nothing
    returning "content_kind", "content_id", "day"
  )
  insert into "content_view_day" ("content_kind", "content_id", "store_id", "day", "views")
  select "content_kind", "content_id", ?, "day", 1 from "first_view"
  on conflict ("content_kind", "content_id", "store_id", "day")
  do update set "views" = "content_view_day"."views" + 1`;

/** Counts the view of `view.contentId` at `view.storeId` on the Tokyo day of `view.at`, once per viewer. */
export async function recordContentView(em: EntityManager, view: ContentView): Promise<void> {
  await em.execute(UPSERT, [view.kind, view.contentId, tokyoDay(view.at), view.viewer, view.storeId], 'run');
}

/** How many days of viewers are kept: the Tokyo day counting now, and the one before (clock skew). */
const VIEWER_DAYS_KEPT = 2;

/** Forgets the viewers of days no view counts for any more; answers how many rows went. */
export async function forgetPastViewers(em: EntityManager, now: Date): Promise<number> {
  const rows = await em.execute<{ n: number }[]>(
    `with "gone" as (delete from "content_viewer_day" where "day" <= ?::date - ?::int returning 1)
     select count(*)::int as "n" from "gone"`,
    [tokyoDay(now), VIEWER_DAYS_KEPT],
  );
  return rows[0]?.n ?? 0;
}
