import { PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Directive, Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Bounds and alphabet of a shop id: safe in URL paths without escaping. */
export const SHOP_ID = { min: 3, max: 64, pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/ } as const;

/**
 * A business's shop app: the content a store's consumer app shows (identity, template, theme,
 * navigation, platform identifiers, membership card design), addressed by `shopId` in the public
 * paths `/api/v1/apps/{shopId}/...`. It shows one or more of its business's stores.
 */
@ObjectType('ShopApp', { description: "A business's shop app, addressed by shopId." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'shop_app' })
export class ShopApp extends BaseEntity {
  @Field(() => String, { description: 'Public identifier in the app paths: 3 to 64 of A-Z a-z 0-9 _ - .' })
  @Property({ type: 'string', length: SHOP_ID.max, unique: true })
  shopId!: string;

  /** Owner; a foreign key to identity's business_account (enforced by the database). */
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Display name of the app.' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Logo image URL (https).' })
  @Property({ type: 'string', length: 2048, nullable: true })
  logoUrl?: string | null;

  @Field(() => String, { description: 'The app template the theme and navigation apply to.' })
  @Property({ type: 'string', length: 32, default: 'standard' })
  template: string & Opt = 'standard';

  /** Theme overrides of the template (colours, fonts); validated where they are written. */
  @Property({ type: 'json', default: "'{}'" })
  theme: Record<string, unknown> & Opt = {};

  /** Navigation items of the app, in order; validated where they are written. */
  @Property({ type: 'json', default: "'[]'" })
  navigation: unknown[] & Opt = [];

  /** Identifiers on the platforms the app runs on (messaging mini-app, iOS, Android). */
  @Property({ type: 'json', default: "'{}'" })
  platforms: Record<string, unknown> & Opt = {};

  /** The membership card's ranks, point rules and design; null until configured. */
  @Property({ type: 'json', nullable: true })
  membershipCard?: Record<string, unknown> | null;
}

/** A store a shop app shows, in the app's order (the first is its main store). */
@Entity({ tableName: 'shop_app_store' })
export class ShopAppStore {
  [PrimaryKeyProp]?: ['shopAppId', 'storeId'];

  @PrimaryKey({ type: 'uuid' })
  shopAppId!: string;

  /** A foreign key to store (enforced by the database). */
  @PrimaryKey({ type: 'uuid' })
  @Index()
  storeId!: string;

  @Property({ type: 'integer' })
  position!: number;
}
