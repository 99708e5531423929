import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where a post stands. The stored value; a Scheduled post whose time has come reads as Published. */
export enum AppPostStatus {
  Draft = 'Draft',
  Scheduled = 'Scheduled',
  Published = 'Published',
  Archived = 'Archived',
}

registerEnumType(AppPostStatus, {
  name: 'AppPostStatus',
  description:
    'Draft (not visible), Scheduled (visible from publishAt on, as Published), Published (visible), Archived (withdrawn, not visible).',
});

/** Bounds of a post's text. */
export const POST_LIMITS = { title: 200, body: 10_000, imageUrl: 2048 } as const;

/**
 * A post of a shop app (migration 0020): news the app shows, newest first. Only Published posts are
 * public; a Scheduled one becomes Published when its `publishAt` comes, computed at read time, and the
 * scheduled-posts job later stores that (writing its `post.published` event once).
 */
@Entity({ tableName: 'app_post' })
// Hand-written in migration 0020 (partial index of the job's search); declared by name for the schema diff.
@Index({
  name: 'app_post_due_idx',
  expression: `create index "app_post_due_idx" on "app_post" ("publish_at") where "status" = 'Scheduled'`,
})
export class AppPost extends BaseEntity {
  /** The shop app; a foreign key to shop_app (enforced by the database, deleted with it). */
  @Index()
  @Property({ type: 'uuid' })
  shopAppId!: string;

  @Property({ type: 'string', length: POST_LIMITS.title })
  title!: string;

  /** Plain text; line breaks are kept, HTML is refused. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'string', length: POST_LIMITS.imageUrl, nullable: true })
  imageUrl?: string | null;

  @Property({ type: 'string', length: 16 })
  status!: AppPostStatus;

  /** When a Scheduled post goes public. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishAt?: Date | null;

  /** When it went public (for a scheduled one: its publishAt). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}
