import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../db/base.entity.js';

/**
 * A domain event waiting to be published. Written in the same transaction as the change that caused
 * it, so an event is committed exactly when its change is; a later issue delivers them (webhooks,
 * subscriptions) at least once.
 */
@Entity({ tableName: 'outbox_event' })
// Hand-written in migration 0001 (partial index); declared by name so the schema diff knows it.
@Index({
  name: 'outbox_event_unpublished_idx',
  expression:
    'create index "outbox_event_unpublished_idx" on "outbox_event" ("occurred_at") where "published_at" is null',
})
export class OutboxEvent extends BaseEntity {
  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'uuid', nullable: true })
  businessAccountId?: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  occurredAt: Date & Opt = new Date();

  @Property({ type: 'json' })
  payload!: Record<string, unknown>;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}
