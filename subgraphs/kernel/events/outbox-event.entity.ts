import type { Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../db/base.entity.js';

/**
 * A domain event waiting to be published. Written in the same transaction as the change that caused
 * it, so an event is committed exactly when its change is; a later issue delivers them (webhooks,
 * subscriptions) at least once.
 */
@Entity({ tableName: 'outbox_event' })
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
