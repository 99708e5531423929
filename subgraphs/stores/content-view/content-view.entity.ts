import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What a counted view was of. */
export type ContentKind = 'coupon' | 'post' | 'flyer';

/** Every kind, in the order of the table's check. */
export const CONTENT_KINDS: readonly ContentKind[] = ['coupon', 'post', 'flyer'];

/**
 * Views of one piece of content at one store on one Asia/Tokyo day (migration 0044): a counter that
 * `recordContentView` increments in one upsert statement. No person is recorded, only the count.
 * `storeId` is a database-only foreign key to store (the row goes with the store); `contentId` names
 * a coupon, post or flyer by kind (no foreign key: the counts outlive the content).
 */
@Entity({ tableName: 'content_view_day' })
@Check({ name: 'content_view_day_content_kind_check', expression: `"content_kind" in ('coupon', 'post', 'flyer')` })
@Check({ name: 'content_view_day_views_check', expression: '"views" >= 0' })
// A store's views of a day (the snapshot's read).
@Index({ properties: ['storeId', 'day'] })
export class ContentViewDay {
  @PrimaryKey({ type: 'text' })
  contentKind!: ContentKind;

  @PrimaryKey({ type: 'uuid' })
  contentId!: string;

  /** The store the view is counted for (a coupon's item store; a post's app's first store; a flyer's store). */
  @PrimaryKey({ type: 'uuid' })
  storeId!: string;

  /** The Asia/Tokyo date of the views, YYYY-MM-DD. */
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  views!: number;
}

/**
 * That a viewer has been counted for one piece of content on one Asia/Tokyo day (migration 0050): a
 * view counts only when it inserts this row (`recordContentView`). `viewer` is a keyed digest of the
 * user or of the client's address and user agent (`viewerOf`), never the address itself; rows of past
 * days are deleted by the analytics job (`forgetPastViewers`).
 */
@Entity({ tableName: 'content_viewer_day' })
@Check({ name: 'content_viewer_day_content_kind_check', expression: `"content_kind" in ('coupon', 'post', 'flyer')` })
// The cleanup of past days.
@Index({ properties: ['day'] })
export class ContentViewerDay {
  @PrimaryKey({ type: 'text' })
  contentKind!: ContentKind;

  @PrimaryKey({ type: 'uuid' })
  contentId!: string;

  /** The Asia/Tokyo date, YYYY-MM-DD. */
  @PrimaryKey({ type: 'date' })
  day!: string;

  /** The viewer's keyed digest (base64url of an HMAC-SHA256). */
  @PrimaryKey({ type: 'string', length: 64 })
  viewer!: string;
}
