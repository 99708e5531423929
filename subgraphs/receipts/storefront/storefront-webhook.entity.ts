import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** The six inbound paths, by their last segment. */
export const STOREFRONT_WEBHOOK_KINDS = [
  'orders',
  'inventory',
  'app-uninstalled',
  'customers-data-request',
  'customers-redact',
  'shop-redact',
] as const;
export type StorefrontWebhookKind = (typeof STOREFRONT_WEBHOOK_KINDS)[number];

/**
 * One accepted inbound webhook: verified and stored by the receiving request, processed after by the
 * worker (`receipts.storefront-webhooks`). Unique per (installation, event id), so a redelivery changes
 * nothing. `payload` is the raw body as received (UTF-8 text), cleared once processed.
 */
@Entity({ tableName: 'storefront_webhook' })
@Unique({ properties: ['installationId', 'eventId'] })
// Hand-written in migration 0029 (partial index); declared by name so the schema diff knows it.
@Index({
  name: 'storefront_webhook_pending_idx',
  expression:
    'create index "storefront_webhook_pending_idx" on "storefront_webhook" ("received_at") where "processed_at" is null',
})
export class StorefrontWebhook extends BaseEntity {
  @Property({ type: 'uuid' })
  installationId!: string;

  @Property({ type: 'string', length: 32 })
  kind!: StorefrontWebhookKind;

  /** X-Shopify-Topic as sent (e.g. orders/create), or the path's kind when absent. */
  @Property({ type: 'string', length: 128 })
  topic!: string;

  /** X-Shopify-Event-Id, else X-Shopify-Webhook-Id, else `sha256:` and the body's digest. */
  @Property({ type: 'string', length: 255 })
  eventId!: string;

  @Property({ type: 'text', nullable: true, lazy: true })
  payload?: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  receivedAt: Date & Opt = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  processedAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  attempts: number & Opt = 0;

  /** Why the last attempt failed, or why the delivery was set aside (e.g. the shop is uninstalled). */
  @Property({ type: 'string', length: 1024, nullable: true })
  lastError?: string | null;
}
