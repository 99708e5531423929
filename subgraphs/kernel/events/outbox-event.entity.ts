import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../db/base.entity.js';

/** The trigger's body: a dispatcher LISTENing on `outbox_event` wakes when rows are committed. */
export const OUTBOX_NOTIFY_BODY = "perform pg_notify('outbox_event', ''); return null;";

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
// Migration 0028: one notification per inserting statement (PostgreSQL delivers it on commit).
@Trigger({ name: 'notify', timing: 'after', events: ['insert'], forEach: 'statement', body: OUTBOX_NOTIFY_BODY })
// Hand-written in migration 0028 (partial indexes).
@Index({
  name: 'outbox_event_publish_seq_idx',
  expression:
    'create unique index "outbox_event_publish_seq_idx" on "outbox_event" ("publish_seq") where "publish_seq" is not null',
})
@Index({
  name: 'outbox_event_business_seq_idx',
  expression:
    'create index "outbox_event_business_seq_idx" on "outbox_event" ("business_account_id", "publish_seq") where "publish_seq" is not null',
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

  /**
   * Publish order (migration 0028): from the sequence `outbox_event_publish_seq`, assigned by the one
   * dispatcher publishing at a time, so live subscribers and resuming clients see the same order.
   */
  @Property({ type: 'bigint', nullable: true })
  publishSeq?: string | null;
}
