import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { NotFoundError } from '../../kernel/errors.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { CurrentFlyer, CurrentFlyerConnection, CurrentFlyerItem, MyFlyersArgs } from './current-flyer.types.js';
import { FlyerPage, type Flyer } from './flyer.entity.js';

const WHO = 'User token with user.favorites.read.';

/** The consumer's flyers: thin entry points over CurrentFlyerService, per-item fields by DataLoaders. */
@Resolver(() => CurrentFlyer)
export class CurrentFlyerResolver {
  @Query(() => CurrentFlyerConnection, {
    description:
      'The published flyers valid now of the signed-in user’s favorite public stores, newest published first. A flyer ' +
      'that segments target (addSegmentTarget) is listed only for members of at least one of them, evaluated now. ' +
      WHO,
  })
  myFlyers(@Args(() => MyFlyersArgs) args: MyFlyersArgs, @Ctx() ctx: StoresContext): Promise<CurrentFlyerConnection> {
    return ctx.currentFlyers.list(args);
  }

  @Query(() => CurrentFlyer, {
    description: `One flyer of myFlyers; NOT_FOUND flyer_not_found when the list would not show it. ${WHO}`,
  })
  myFlyer(@Arg('id', () => ID, { description: 'The flyer.' }) id: string, @Ctx() ctx: StoresContext): Promise<Flyer> {
    return ctx.currentFlyers.one(id);
  }

  @FieldResolver(() => Store, { description: 'The store (one batched query for a whole page).' })
  async store(@Root() flyer: Flyer, @Ctx() ctx: StoresContext): Promise<Store> {
    const store = await ctx.loaders.storeById.load(flyer.storeId);
    if (!store) throw new NotFoundError('The store no longer exists.', 'store_not_found');
    return store;
  }

  @FieldResolver(() => [FlyerPage], { description: 'The pages, in order (one batched query for a page).' })
  pages(@Root() flyer: Flyer, @Ctx() ctx: StoresContext): Promise<FlyerPage[]> {
    return ctx.loaders.flyerPages.load(flyer.id);
  }

  @FieldResolver(() => [CurrentFlyerItem], {
    description: 'The featured products, in order, with their names and prices (two batched queries for a page).',
  })
  async items(@Root() flyer: Flyer, @Ctx() ctx: StoresContext): Promise<CurrentFlyerItem[]> {
    const items = await ctx.loaders.flyerItems.load(flyer.id);
    const products = await Promise.all(items.map((item) => ctx.loaders.productById.load(item.productId)));
    return items.map((item, i) => ({
      position: item.position,
      productName: products[i]?.name ?? null,
      regularPriceAmount: products[i]?.priceAmount ?? null,
      salePriceAmount: item.salePriceAmount,
      currency: item.currency,
      note: item.note ?? null,
    }));
  }
}
