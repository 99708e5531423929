import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { StorefrontItemLink, StorefrontLocationLink } from './storefront-link.entity.js';
import {
  LinkStorefrontItemInput,
  LinkStorefrontLocationInput,
  UnlinkStorefrontItemInput,
  UnlinkStorefrontLocationInput,
} from './storefront-link.input.js';

const WHO_WRITES =
  'A business token with store.inventory.write (its own products and locations only) or the operator naming the business.';
const SYNC = 'The shop’s inventory webhook sets the stock of a linked item at a linked location.';

/** The links through which a storefront shop's inventory levels reach the stock ledger. */
@Resolver(() => StorefrontItemLink)
export class StorefrontLinkResolver {
  @Mutation(() => StorefrontItemLink, {
    description: `Links a storefront inventory item to a product (re-points an existing link); another business’s product is NOT_FOUND product_not_found. ${SYNC} ${WHO_WRITES}`,
  })
  linkStorefrontItem(
    @Arg('input', () => LinkStorefrontItemInput, { description: 'The item and its product.' })
    input: LinkStorefrontItemInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StorefrontItemLink> {
    return ctx.storefrontLinks.linkItem(input);
  }

  @Mutation(() => Boolean, {
    description: `Removes a storefront inventory item’s link (true); none is NOT_FOUND link_not_found. ${WHO_WRITES}`,
  })
  unlinkStorefrontItem(
    @Arg('input', () => UnlinkStorefrontItemInput, { description: 'The item.' }) input: UnlinkStorefrontItemInput,
    @Ctx() ctx: StoresContext,
  ): Promise<boolean> {
    return ctx.storefrontLinks.unlinkItem(input);
  }

  @Mutation(() => StorefrontLocationLink, {
    description: `Links a storefront location to a stock location (re-points an existing link); another business’s location is NOT_FOUND location_not_found. ${SYNC} ${WHO_WRITES}`,
  })
  linkStorefrontLocation(
    @Arg('input', () => LinkStorefrontLocationInput, { description: 'The storefront location and its stock location.' })
    input: LinkStorefrontLocationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<StorefrontLocationLink> {
    return ctx.storefrontLinks.linkLocation(input);
  }

  @Mutation(() => Boolean, {
    description: `Removes a storefront location’s link (true); none is NOT_FOUND link_not_found. ${WHO_WRITES}`,
  })
  unlinkStorefrontLocation(
    @Arg('input', () => UnlinkStorefrontLocationInput, { description: 'The storefront location.' })
    input: UnlinkStorefrontLocationInput,
    @Ctx() ctx: StoresContext,
  ): Promise<boolean> {
    return ctx.storefrontLinks.unlinkLocation(input);
  }
}
