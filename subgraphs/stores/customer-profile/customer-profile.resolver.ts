import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { CustomerProfileRef } from '../../kernel/privacy/customer-profile.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { CustomerProfileFavorite, StoresCustomerProfile } from './customer-profile.types.js';

/** The stores subgraph's field of a customer profile: the business's stores the person favorited. */
@Resolver(() => StoresCustomerProfile)
export class StoresCustomerProfileResolver {
  @FieldResolver(() => [CustomerProfileFavorite], {
    description:
      "The business's stores the person favorited, oldest favorite first (by the record's user; none for a storefront or staff record).",
  })
  favorites(@Root() ref: CustomerProfileRef, @Ctx() ctx: StoresContext): Promise<CustomerProfileFavorite[]> {
    return ctx.customerProfiles.favorites(ref);
  }
}

/** The store of a profile's favorite (the stores' loader: one query per page). */
@Resolver(() => CustomerProfileFavorite)
export class CustomerProfileFavoriteResolver {
  @FieldResolver(() => Store, { description: 'The store (one of the business’s own).' })
  async store(@Root() favorite: CustomerProfileFavorite, @Ctx() ctx: StoresContext): Promise<Store> {
    const store = await ctx.loaders.storeById.load(favorite.storeId);
    // The favorite was read joined to the store in this request: it exists.
    return store!;
  }
}
