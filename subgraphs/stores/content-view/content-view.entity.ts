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
