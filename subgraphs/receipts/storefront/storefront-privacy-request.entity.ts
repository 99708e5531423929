import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** What a privacy webhook asked for. */
export enum PrivacyRequestKind {
  /** customers/data_request: `export` holds what is stored about the customer. */
  DataRequest = 'data_request',
  /** customers/redact: the customer's fields in the shop's orders were erased. */
  CustomerRedact = 'customer_redact',
  /** shop/redact: every customer field of the shop's orders was erased. */
  ShopRedact = 'shop_redact',
}

/** The record of a privacy webhook handled: the export of a data request, or how much an erasure erased. */
@Entity({ tableName: 'storefront_privacy_request' })
export class StorefrontPrivacyRequest extends BaseEntity {
  @Index()
  @Property({ type: 'uuid' })
  installationId!: string;

  /** The webhook it answers (one record per webhook). */
  @Property({ type: 'uuid', unique: true })
  webhookId!: string;

  @Property({ type: 'string', length: 32 })
  kind!: PrivacyRequestKind;

  @Property({ type: 'string', length: 64, nullable: true })
  shopCustomerId?: string | null;

  /** The data request's export (erased again by a later redact of the same customer). */
  @Property({ type: 'json', nullable: true })
  export?: Record<string, unknown> | null;

  /** How many orders had customer fields erased. */
  @Property({ type: 'integer', nullable: true })
  erasedOrders?: number | null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  completedAt!: Date;
}
