import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUserScope } from '../../kernel/auth/access.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { FavoriteStatus, FavoriteStoreItem } from './favorite.types.js';

@Resolver(() => FavoriteStoreItem)
export class FavoriteResolver {
  @Query(() => [FavoriteStoreItem], {
    description:
      'The signed-in user’s favorite stores, newest first, at most 500, each with the store as it is now. Favorites of stores ' +
      'that are not public are hidden (kept: they show again when the store is public again). User token with user.favorites.read.',
  })
  myFavoriteStores(@Ctx() ctx: StoresContext): Promise<FavoriteStoreItem[]> {
    const { userId } = requireUserScope(ctx.principal, 'user.favorites.read');
    return ctx.favorites.list(userId);
  }

  @Query(() => FavoriteStatus, {
    description:
      'Whether a store is the signed-in user’s favorite. Any id that is not a public store answers false. User token with user.favorites.read.',
  })
  favoriteStoreStatus(@Arg('storeId', () => ID) storeId: string, @Ctx() ctx: StoresContext): Promise<FavoriteStatus> {
    const { userId } = requireUserScope(ctx.principal, 'user.favorites.read');
    return ctx.favorites.status(userId, storeId);
  }

  @Mutation(() => FavoriteStoreItem, {
    description:
      'Adds a public store to the signed-in user’s favorites; idempotent (a second add answers the first, same favoritedAt). ' +
      'NOT_FOUND store_not_found for an unknown or non-public store. User token with user.favorites.write.',
  })
  addFavoriteStore(@Arg('storeId', () => ID) storeId: string, @Ctx() ctx: StoresContext): Promise<FavoriteStoreItem> {
    const { userId } = requireUserScope(ctx.principal, 'user.favorites.write');
    return ctx.favorites.add(userId, storeId);
  }

  @Mutation(() => Boolean, {
    description:
      'Removes a store from the signed-in user’s favorites; idempotent (true also when it was not one). User token with user.favorites.write.',
  })
  removeFavoriteStore(@Arg('storeId', () => ID) storeId: string, @Ctx() ctx: StoresContext): Promise<boolean> {
    const { userId } = requireUserScope(ctx.principal, 'user.favorites.write');
    return ctx.favorites.remove(userId, storeId);
  }

  @FieldResolver(() => Store, { description: 'The store as it is now (one batched query for a whole list).' })
  async store(@Root() favorite: FavoriteStoreItem, @Ctx() ctx: StoresContext): Promise<Store> {
    const store = await ctx.loaders.storeById.load(favorite.storeId);
    if (!store) throw new NotFoundError('The store no longer exists.', 'store_not_found');
    return store;
  }
}
