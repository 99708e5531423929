import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * States of an installation: `uninstalled` after the shop's app/uninstalled webhook (the domain stays
 * bound to its business), `released` after the operator freed the domain for any business to install.
 */
export enum ShopInstallationStatus {
  Active = 'active',
  Uninstalled = 'uninstalled',
  Released = 'released',
}

/**
 * A storefront shop (anchor: Shopify): its webhooks are verified with the shared secret (sealed with
 * the secrets key, never returned). Once installed for a business account its orders become
 * transactions of `storeId` at `terminalId`, a terminal created for the installation; a shop whose
 * secret the operator set before installing it (`webhook-secret:set`) has none of the three yet.
 * Foreign keys to the business account, the store and the terminal are known to the database only
 * (migration 0029).
 */
@ObjectType('ShopInstallation', { description: 'A storefront shop installed for a business account.' })
@Entity({ tableName: 'shop_installation' })
export class ShopInstallation extends BaseEntity {
  @Field(() => ID, {
    nullable: true,
    description: 'The business account the shop is installed for (null while only its secret is set).',
  })
  @Index()
  @Property({ type: 'uuid', nullable: true })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'The shop domain, e.g. example.myshopify.com (a DNS hostname, lowercase).' })
  @Property({ type: 'string', length: 255, unique: true })
  shopDomain!: string;

  /** The shared secret (the app's client secret), AES-256-GCM under the secrets key. Never exposed. */
  @Property({ type: 'string', length: 1024, lazy: true })
  secretCiphertext!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The store that receives the shop’s orders as transactions (null while only its secret is set).',
  })
  @Property({ type: 'uuid', nullable: true })
  storeId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The terminal created for the shop at that store (its orders’ transactions; null before installing).',
  })
  @Property({ type: 'uuid', nullable: true })
  terminalId?: string | null;

  @Field(() => String, {
    description:
      'active; uninstalled after the shop removed the app (the domain stays bound to its business); released after ' +
      'the operator freed the domain for another business to install.',
  })
  @Property({ type: 'string', length: 16, default: ShopInstallationStatus.Active })
  status: string & Opt = ShopInstallationStatus.Active;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was (last) installed.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  installedAt: Date & Opt = new Date();

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the shop removed the app, if it did.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  uninstalledAt?: Date | null;
}
