import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A storefront shop's inventory item linked to a product of the business (migration 0040): the shop's
 * inventory webhook names only the item, so its levels reach the ledger through this link.
 */
@ObjectType('StorefrontItemLink', {
  description: 'A storefront shop’s inventory item linked to a product: the shop’s levels of it reach the ledger.',
})
@Entity({ tableName: 'storefront_item_link' })
@Unique({
  name: 'storefront_item_link_item_unique',
  properties: ['businessAccountId', 'shopDomain', 'inventoryItemId'],
})
export class StorefrontItemLink extends BaseEntity {
  @Field(() => ID, { description: 'The business account that owns the link.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'The shop’s domain, e.g. example.myshopify.com.' })
  @Property({ type: 'string', length: 255 })
  shopDomain!: string;

  @Field(() => String, { description: 'The shop’s inventory item id (its inventory_item_id).' })
  @Property({ type: 'string', length: 64 })
  inventoryItemId!: string;

  @Field(() => ID, { description: 'The product of the business it is.' })
  @Index()
  @Property({ type: 'uuid' })
  productId!: string;
}

/**
 * A storefront shop's location linked to a stock location of the business (migration 0040): where the
 * shop's levels at that location are posted.
 */
@ObjectType('StorefrontLocationLink', {
  description: 'A storefront shop’s location linked to a stock location: where the shop’s levels there are posted.',
})
@Entity({ tableName: 'storefront_location_link' })
@Unique({
  name: 'storefront_location_link_location_unique',
  properties: ['businessAccountId', 'shopDomain', 'storefrontLocationId'],
})
export class StorefrontLocationLink extends BaseEntity {
  @Field(() => ID, { description: 'The business account that owns the link.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'The shop’s domain, e.g. example.myshopify.com.' })
  @Property({ type: 'string', length: 255 })
  shopDomain!: string;

  @Field(() => String, { description: 'The shop’s location id (its location_id).' })
  @Property({ type: 'string', length: 64 })
  storefrontLocationId!: string;

  @Field(() => ID, { description: 'The stock location of the business it is.' })
  @Index()
  @Property({ type: 'uuid' })
  locationId!: string;
}
