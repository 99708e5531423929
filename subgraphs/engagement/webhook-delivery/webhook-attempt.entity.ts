import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Why an attempt was made. */
export enum WebhookAttemptTrigger {
  /** The dispatcher's first try or a retry on the schedule. */
  Scheduled = 'scheduled',
  /** A business re-sent the event. */
  Manual = 'manual',
  /** POST /api/v1/webhooks/test/{id}: a `webhook.test` event, sent at once and not retried. */
  Test = 'test',
}

/**
 * One HTTP attempt to deliver an event to an endpoint (migration 0028): what the receiver answered
 * (status, the first 1,024 characters of its body) or why there was no answer (`error`: timeout,
 * connection, address_refused, …), and how long it took.
 */
@Entity({ tableName: 'webhook_attempt' })
@Index({ properties: ['endpointId', 'attemptedAt'] })
export class WebhookAttempt extends BaseEntity {
  @Property({ type: 'uuid' })
  endpointId!: string;

  /** The delivery retried by this attempt; null for a test call. */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  deliveryId?: string | null;

  /** The event's id (the `webhook-id` header). */
  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'string', length: 64 })
  eventType!: string;

  /** 1 for the first attempt of a delivery. */
  @Property({ type: 'integer' })
  attempt!: number;

  @Property({ type: 'string', length: 16 })
  trigger!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  attemptedAt!: Date;

  /** The receiver's HTTP status; null when no response arrived. */
  @Property({ type: 'integer', nullable: true })
  responseStatus?: number | null;

  @Property({ type: 'integer' })
  latencyMs!: number;

  @Property({ type: 'string', length: 1024, nullable: true })
  responseExcerpt?: string | null;

  /** Why no usable response arrived: `timeout`, `connection`, `address_refused`, `tls`, … */
  @Property({ type: 'string', length: 64, nullable: true })
  error?: string | null;
}
