import { Field, ID, InputType } from 'type-graphql';

const BUSINESS = 'The business (the operator must name it; a business token may only name its own).';
const SHOP = 'The shop’s domain, e.g. example.myshopify.com (1 to 255 characters; letters, digits, dots, hyphens).';

@InputType('LinkStorefrontItemInput', {
  description: 'Links a storefront shop’s inventory item to a product of the business (linking it again re-points it).',
})
export class LinkStorefrontItemInput {
  @Field(() => ID, { nullable: true, description: BUSINESS })
  businessAccountId?: string | null;

  @Field(() => String, { description: SHOP })
  shopDomain!: string;

  @Field(() => String, {
    description: 'The shop’s inventory item id (inventory_item_id), 1 to 64 visible ASCII characters.',
  })
  inventoryItemId!: string;

  @Field(() => ID, { description: 'A product of the business.' })
  productId!: string;
}

@InputType('UnlinkStorefrontItemInput', { description: 'Removes the link of a storefront shop’s inventory item.' })
export class UnlinkStorefrontItemInput {
  @Field(() => ID, { nullable: true, description: BUSINESS })
  businessAccountId?: string | null;

  @Field(() => String, { description: SHOP })
  shopDomain!: string;

  @Field(() => String, { description: 'The shop’s inventory item id (inventory_item_id).' })
  inventoryItemId!: string;
}

@InputType('LinkStorefrontLocationInput', {
  description:
    'Links a storefront shop’s location to a stock location of the business (linking it again re-points it).',
})
export class LinkStorefrontLocationInput {
  @Field(() => ID, { nullable: true, description: BUSINESS })
  businessAccountId?: string | null;

  @Field(() => String, { description: SHOP })
  shopDomain!: string;

  @Field(() => String, { description: 'The shop’s location id (location_id), 1 to 64 visible ASCII characters.' })
  storefrontLocationId!: string;

  @Field(() => ID, { description: 'A stock location of the business.' })
  locationId!: string;
}

@InputType('UnlinkStorefrontLocationInput', { description: 'Removes the link of a storefront shop’s location.' })
export class UnlinkStorefrontLocationInput {
  @Field(() => ID, { nullable: true, description: BUSINESS })
  businessAccountId?: string | null;

  @Field(() => String, { description: SHOP })
  shopDomain!: string;

  @Field(() => String, { description: 'The shop’s location id (location_id).' })
  storefrontLocationId!: string;
}
