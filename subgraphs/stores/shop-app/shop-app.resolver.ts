import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { ShopApp } from './shop-app.entity.js';
import { CreateShopAppInput } from './shop-app.input.js';

@Resolver(() => ShopApp)
export class ShopAppResolver {
  @Query(() => ShopApp, { description: 'The shop app with this shopId (public); NOT_FOUND (app_not_found) otherwise.' })
  shopApp(@Arg('shopId', () => String) shopId: string, @Ctx() ctx: StoresContext): Promise<ShopApp> {
    return ctx.shopApps.getByShopId(shopId);
  }

  @Mutation(() => ShopApp, {
    description:
      "Creates a shop app: the operator for any business, a business token (store.info.write) for its own, showing that business's stores.",
  })
  createShopApp(
    @Arg('input', () => CreateShopAppInput) input: CreateShopAppInput,
    @Ctx() ctx: StoresContext,
  ): Promise<ShopApp> {
    return ctx.shopApps.create(input);
  }

  @FieldResolver(() => [ID], { description: 'The stores the app shows, in order (the first is the main store).' })
  async storeIds(@Root() app: ShopApp, @Ctx() ctx: StoresContext): Promise<string[]> {
    return (await ctx.loaders.shopAppStores.load(app.id)).map((link) => link.storeId);
  }
}
