/**
 * The `post.published` outbox event, written with the EntityManager of the change's own transaction
 * so the event commits exactly when the post becomes published.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';

export const POST_PUBLISHED = 'post.published';

/** What the event says about the post. */
export interface PublishedPost {
  readonly postId: string;
  readonly shopId: string;
  readonly businessAccountId: string;
  readonly title: string;
  readonly publishedAt: Date;
}

/** Queues `post.published` in `em`'s transaction (flushed with it). */
export function queuePostPublished(em: EntityManager, post: PublishedPost): void {
  em.create(OutboxEvent, {
    type: POST_PUBLISHED,
    businessAccountId: post.businessAccountId,
    payload: {
      postId: post.postId,
      shopId: post.shopId,
      title: post.title,
      publishedAt: post.publishedAt.toISOString(),
    },
  });
}
