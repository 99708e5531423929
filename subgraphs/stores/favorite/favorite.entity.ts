import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A store a consumer marked as a favorite. Kept while the store is not public (the lists hide it
 * then, and show it again when the store is public again); deleted with the user or the store
 * (database-only foreign keys, migration 0019).
 */
@Entity({ tableName: 'favorite_store' })
@Unique({ properties: ['userId', 'storeId'] })
// The user's favorites newest first (the list and the coupons of favorite stores).
@Index({ properties: ['userId', 'createdAt'] })
@Index({ properties: ['storeId'] })
export class FavoriteStore extends BaseEntity {
  /** The consumer (identity's `user_account`). */
  @Property({ type: 'uuid' })
  userId!: string;

  /** The store (this subgraph's `store`). */
  @Property({ type: 'uuid' })
  storeId!: string;
}
