import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A shop's order as received: one row per (installation, shop order id), linked to the transaction it
 * created (`on delete set null`, migration 0029). The customer fields are personal data: a
 * customers/redact or shop/redact webhook nulls them and sets `redactedAt`.
 */
@Entity({ tableName: 'storefront_order' })
@Unique({ properties: ['installationId', 'shopOrderId'] })
export class StorefrontOrder extends BaseEntity {
  @Property({ type: 'uuid' })
  installationId!: string;

  /** The shop's order id (digits; kept as text, as they exceed 2^53). */
  @Property({ type: 'string', length: 64 })
  shopOrderId!: string;

  /** The shop's order name, e.g. #1001. */
  @Property({ type: 'string', length: 64, nullable: true })
  orderName?: string | null;

  @Index()
  @Property({ type: 'uuid', nullable: true })
  transactionId?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  shopCustomerId?: string | null;

  @Property({ type: 'string', length: 320, nullable: true })
  customerEmail?: string | null;

  @Property({ type: 'string', length: 200, nullable: true })
  customerName?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  customerPhone?: string | null;

  /** When the order was first seen fulfilled (`order.shipped` was written then, once). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  shippedAt?: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  redactedAt?: Date | null;
}
