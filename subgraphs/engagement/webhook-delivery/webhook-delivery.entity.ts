import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** States of a delivery. */
export enum WebhookDeliveryStatus {
  /** Waiting for its next attempt (`nextAttemptAt`). */
  Pending = 'pending',
  /** The endpoint answered 2xx. */
  Succeeded = 'succeeded',
  /** Every attempt of the retry schedule failed. */
  Failed = 'failed',
  /** Its endpoint was disabled before it succeeded. */
  Cancelled = 'cancelled',
}

/**
 * One event on its way to one endpoint (migration 0028). Written when the dispatcher publishes the
 * event; a worker claims it when due (FOR UPDATE SKIP LOCKED, then a lease so a killed worker's claim
 * expires), POSTs it, and records the attempt. The `webhook-id` header is the event id, the same on
 * every retry. Foreign keys to the event and the endpoint (cascading) are known to the database only.
 */
@Entity({ tableName: 'webhook_delivery' })
@Unique({ properties: ['endpointId', 'eventId'] })
// Hand-written in migration 0028 (partial index); declared by name so the schema diff knows it.
@Index({
  name: 'webhook_delivery_due_idx',
  expression: `create index "webhook_delivery_due_idx" on "webhook_delivery" ("next_attempt_at") where "status" = 'pending'`,
})
export class WebhookDelivery extends BaseEntity {
  /** The outbox event (kernel's outbox_event.id). */
  @Index()
  @Property({ type: 'uuid' })
  eventId!: string;

  /** The endpoint (webhook_endpoint.id). */
  @Property({ type: 'uuid' })
  endpointId!: string;

  @Property({ type: 'string', length: 16, default: WebhookDeliveryStatus.Pending })
  status: string & Opt = WebhookDeliveryStatus.Pending;

  /** Attempts made so far (claims included: a claim counts before its HTTP call). */
  @Property({ type: 'integer', default: 0 })
  attempts: number & Opt = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  nextAttemptAt!: Date;

  /** Why the next attempt is made (migration 0030): `manual` after a re-send, else `scheduled`. */
  @Property({ type: 'string', length: 16, default: 'scheduled' })
  nextTrigger: string & Opt = 'scheduled';

  /** Set while a worker holds the delivery; a claim whose lease ran out may be taken again. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  leaseUntil?: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'integer', nullable: true })
  lastResponseStatus?: number | null;
}
